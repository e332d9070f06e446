/**
 * Walley's Management API: GET /manage/orders/{orderId} and POST …/capture | cancel | refund
 * (202 Accepted, no body, Location header). Walley answers an action the order's status does not
 * allow with 409 Conflict; the emulator applies changes at once (Walley is eventually consistent).
 */
import { toMinorUnits } from '#lib/pricing/minor-units.ts';
import type { ApiAnswer } from '../shared/http-io.ts';
import { decimal } from './walley-checkout-api.ts';
import type { WalleyContext } from './walley-context.ts';
import { conflict, notFound, validationError } from './walley-errors.ts';
import { cancelRequest, captureRequest, refundRequest } from './walley-request-schemas.ts';
import { OrderConflict, type Order } from './walley-store.ts';

export type ManageAction = 'capture' | 'cancel' | 'refund';

export function readOrder(ctx: WalleyContext, orderId: string): ApiAnswer {
  const order = ctx.store.orders.get(orderId);
  if (!order) return notFound(`Order ${orderId} not found`);
  return { status: 200, body: { data: orderView(ctx, order), links: {}, metaData: {} } };
}

export function manageOrder(ctx: WalleyContext, orderId: string, action: ManageAction, body: unknown): ApiAnswer {
  const order = ctx.store.orders.get(orderId);
  if (!order) return notFound(`Order ${orderId} not found`);
  try {
    if (action === 'cancel') {
      const input = cancelRequest.safeParse(body);
      if (!input.success) return validationError(input.error);
      ctx.store.cancel(order);
    } else {
      const input = (action === 'capture' ? captureRequest : refundRequest).safeParse(body);
      if (!input.success) return validationError(input.error);
      const amountMinor = toMinorUnits(input.data.amount);
      if (action === 'capture') ctx.store.capture(order, amountMinor);
      else ctx.store.refund(order, amountMinor);
    }
  } catch (error) {
    if (error instanceof OrderConflict) return conflict(error.message);
    throw error;
  }
  return { status: 202, headers: { location: `/manage/orders/${order.id}` } };
}

function orderView(ctx: WalleyContext, order: Order) {
  const checkout = ctx.store.checkouts.get(order.privateId);
  const person = checkout?.purchase?.person;
  return {
    id: order.id,
    reference: order.reference,
    paymentMethod: 'Invoice',
    totalAmount: decimal(order.totalMinor),
    currency: order.currency,
    status: order.status,
    salesSegment: 'B2C',
    countryCode: order.countryCode,
    productCode: null,
    placedAt: order.placedAt,
    expiresAt: null,
    customer: person
      ? {
          type: 'Person',
          name: `${person.firstName} ${person.lastName}`,
          firstName: person.firstName,
          lastName: person.lastName,
          countryCode: order.countryCode,
        }
      : null,
    items: checkout?.request.cart.items ?? [],
    // Item shape not documented: invoiceNumber, type (Invoice | CreditNote) and a positive totalAmount.
    invoices: order.invoices.map((i) => ({ invoiceNumber: i.invoiceNumber, type: i.type, totalAmount: decimal(i.totalMinor) })),
  };
}
