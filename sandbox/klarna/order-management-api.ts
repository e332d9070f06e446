/**
 * Order Management v1: GET /ordermanagement/v1/orders/{id}, POST …/captures (201, Capture-Id),
 * POST …/refunds (201, Refund-Id), POST …/cancel (204). Not allowed → 403 with
 * CAPTURE_NOT_ALLOWED / REFUND_NOT_ALLOWED / CANCEL_NOT_ALLOWED, unknown order → 404 NO_SUCH_ORDER.
 */
import type { ApiAnswer } from '../shared/http-io.ts';
import { uuid } from '../shared/ids.ts';
import { klarnaError } from './klarna-errors.ts';
import { captureInput, refundInput, validate } from './klarna-schemas.ts';
import { sum, type KlarnaContext, type KlarnaOrder } from './klarna-state.ts';
import { orderStatus, orderView } from './klarna-views.ts';

export type OrderAction = 'read' | 'captures' | 'refunds' | 'cancel';

export function orderApi(ctx: KlarnaContext, orderId: string, action: OrderAction, body: unknown): ApiAnswer {
  const order = ctx.store.orders.get(orderId);
  if (!order) return klarnaError(404, 'NO_SUCH_ORDER', `Order ${orderId} not found`);
  if (action === 'read') return { status: 200, body: orderView(ctx, order) };
  if (action === 'cancel') return cancel(order);
  return action === 'captures' ? capture(ctx, order, body) : refund(ctx, order, body);
}

function capture(ctx: KlarnaContext, order: KlarnaOrder, body: unknown): ApiAnswer {
  const input = validate(captureInput, body);
  if (!input.ok) return input.answer;
  const status = orderStatus(order);
  if (status !== 'AUTHORIZED' && status !== 'PART_CAPTURED')
    return klarnaError(403, 'CAPTURE_NOT_ALLOWED', `Capture not allowed: the order is ${status}`);
  if (sum(order.captures) + input.value.captured_amount > order.data.order_amount) {
    return klarnaError(403, 'CAPTURE_NOT_ALLOWED', 'Captured amount is higher than the remaining authorized amount.');
  }
  const id = uuid();
  order.captures.push({ id, amount: input.value.captured_amount, at: new Date().toISOString(), ...pick(input.value) });
  return { status: 201, headers: { 'capture-id': id, location: `${ctx.apiBase}/ordermanagement/v1/orders/${order.id}/captures/${id}` } };
}

function refund(ctx: KlarnaContext, order: KlarnaOrder, body: unknown): ApiAnswer {
  const input = validate(refundInput, body);
  if (!input.ok) return input.answer;
  if (sum(order.refunds) + input.value.refunded_amount > sum(order.captures)) {
    return klarnaError(403, 'REFUND_NOT_ALLOWED', 'Refunded amount is higher than the captured amount not yet refunded.');
  }
  const id = uuid();
  order.refunds.push({ id, amount: input.value.refunded_amount, at: new Date().toISOString(), ...pick(input.value) });
  return { status: 201, headers: { 'refund-id': id, location: `${ctx.apiBase}/ordermanagement/v1/orders/${order.id}/refunds/${id}` } };
}

function cancel(order: KlarnaOrder): ApiAnswer {
  const status = orderStatus(order);
  if (status !== 'AUTHORIZED' && status !== 'CANCELLED')
    return klarnaError(403, 'CANCEL_NOT_ALLOWED', `Cancel not allowed: the order is ${status}`);
  order.cancelled = true;
  return { status: 204 };
}

const pick = (v: { reference?: string | undefined; description?: string | undefined }) => ({
  ...(v.reference ? { reference: v.reference } : {}),
  ...(v.description ? { description: v.description } : {}),
});
