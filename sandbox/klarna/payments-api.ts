/**
 * Klarna Payments v1: POST/GET /payments/v1/sessions, POST /payments/v1/authorizations/{token}/order
 * (create an order from an approved authorization — the flow with place_order_mode NONE), and
 * DELETE /payments/v1/authorizations/{token}.
 */
import type { ApiAnswer } from '../shared/http-io.ts';
import { randomString, token, uuid } from '../shared/ids.ts';
import { klarnaError, notFound } from './klarna-errors.ts';
import { checkOrderArithmetic, orderData, validate, type OrderData } from './klarna-schemas.ts';
import type { Authorization, KlarnaContext, KlarnaOrder, KpSession } from './klarna-state.ts';
import { KP_SESSION_TTL_MS, ORDER_CAPTURE_TTL_MS } from './klarna-test-data.ts';
import { kpSessionView } from './klarna-views.ts';

export function createPaymentSession(ctx: KlarnaContext, body: unknown): ApiAnswer {
  const input = validate(orderData, body);
  if (!input.ok) return input.answer;
  const arithmetic = checkOrderArithmetic(input.value);
  if (arithmetic) return arithmetic;
  const session: KpSession = {
    id: uuid(),
    clientToken: token(64),
    data: input.value,
    status: 'incomplete',
    expiresAt: Date.now() + KP_SESSION_TTL_MS,
  };
  ctx.store.kp.set(session.id, session);
  return {
    status: 200,
    body: {
      session_id: session.id,
      client_token: session.clientToken,
      payment_method_categories: [{ identifier: 'klarna', name: 'Pay with Klarna', asset_urls: {} }],
    },
  };
}

export function readPaymentSession(ctx: KlarnaContext, id: string): ApiAnswer {
  const session = ctx.store.kp.get(id);
  if (!session || session.expiresAt < Date.now()) return notFound('The session does not exist.');
  return { status: 200, body: kpSessionView(session) };
}

export function createOrder(ctx: KlarnaContext, authorizationToken: string, body: unknown): ApiAnswer {
  const auth = ctx.store.authorizations.get(authorizationToken);
  const session = auth ? ctx.store.kp.get(auth.kpSessionId) : undefined;
  // A used, expired or unknown token is "the authorization does not exist".
  if (!auth || !session || auth.orderId || auth.expiresAt < Date.now()) return notFound('The authorization does not exist.');
  const input = validate(orderData, body);
  if (!input.ok) return input.answer;
  const arithmetic = checkOrderArithmetic(input.value);
  if (arithmetic) return arithmetic;
  if (!sameOrder(input.value, session.data)) {
    return klarnaError(409, 'BAD_VALUE', 'The data in the request does not match the session for the authorization.');
  }
  const order = placeOrder(ctx, session, auth, input.value);
  return { status: 200, body: { order_id: order.id, fraud_status: 'ACCEPTED', authorized_payment_method: { type: 'invoice' } } };
}

export function cancelAuthorization(ctx: KlarnaContext, authorizationToken: string): ApiAnswer {
  const auth = ctx.store.authorizations.get(authorizationToken);
  if (!auth || auth.orderId) return notFound('The authorization does not exist.');
  ctx.store.authorizations.delete(authorizationToken);
  return { status: 204 };
}

/** Turns an authorization into an order: by the API above, or by the HPP itself (PLACE_ORDER). */
export function placeOrder(ctx: KlarnaContext, session: KpSession, auth: Authorization, data: OrderData = session.data): KlarnaOrder {
  const now = Date.now();
  const order: KlarnaOrder = {
    id: uuid(),
    data,
    klarnaReference: randomString(7),
    createdAt: now,
    expiresAt: now + ORDER_CAPTURE_TTL_MS,
    cancelled: false,
    captures: [],
    refunds: [],
  };
  ctx.store.orders.set(order.id, order);
  auth.orderId = order.id;
  session.status = 'complete';
  return order;
}

function sameOrder(a: OrderData, b: OrderData): boolean {
  return (
    a.order_amount === b.order_amount &&
    a.order_tax_amount === b.order_tax_amount &&
    a.purchase_currency.toUpperCase() === b.purchase_currency.toUpperCase() &&
    a.purchase_country.toUpperCase() === b.purchase_country.toUpperCase() &&
    a.order_lines.length === b.order_lines.length
  );
}
