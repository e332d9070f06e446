/**
 * Checkout steps behind /api/checkout (docs/product/checkout.md): open a checkout for a cart, change its
 * parts, show it. Every answer is re-priced by the server (checkout-quote.ts); placing the order is in
 * place-order.ts, completing it in complete-checkout.ts.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CheckoutView, OpenCheckoutRequest, UpdateCheckoutRequest } from '#lib/api/checkout-contracts.ts';
import { checkoutMessage } from '#lib/checkout/problem-messages.ts';
import { InvalidRequestError, NotFoundError } from '#lib/errors/domain-errors.ts';
import type { CartContext } from '#server/cart/cart-service.ts';
import { shippingProcessorOf } from '#server/shipping/shipping-registry.ts';
import { insertCheckout, isFrozen, loadCheckout, newCheckoutId, saveCheckout, type CheckoutRecord } from './checkout-repository.ts';
import { quoteCheckout } from './checkout-quote.ts';
import { checkoutView } from './checkout-view.ts';
import { paymentMethodsFor } from './payment-methods.ts';

const codesOf = (coupons: OpenCheckoutRequest['coupons']) =>
  (coupons ?? []).map((c) => (typeof c === 'string' ? c : c.code).trim().toUpperCase());

export async function requireCheckout(db: Db, locale: LocaleCode, id: string): Promise<CheckoutRecord> {
  const c = await loadCheckout(db, id, locale);
  if (!c) throw new NotFoundError('no such checkout in this storefront');
  return c;
}

export async function viewOf(db: Db, c: CheckoutRecord, ctx: CartContext): Promise<CheckoutView> {
  const quote = await quoteCheckout(db, c, ctx);
  return checkoutView(c, quote, c.orderId);
}

/**
 * The visitor's experiment as it is now decides the processor of a resumed checkout too (an override
 * arriving after the checkout was opened is honoured); a choice made with the other processor is dropped.
 * A request that names none (older clients) keeps the recorded one.
 */
function processorOnResume(c: CheckoutRecord, requested: string | undefined): Partial<CheckoutRecord> {
  const processor = shippingProcessorOf(requested);
  if (requested === undefined || processor === c.shippingProcessor) return {};
  return { shippingProcessor: processor, shippingOptionId: null, servicePointId: null };
}

/** Opens a checkout for the cart, or brings the named open one up to date with it (a reload or a second tab resumes it). */
export async function openCheckout(db: Db, locale: LocaleCode, body: OpenCheckoutRequest, ctx: CartContext): Promise<CheckoutView> {
  const existing = body.checkout_id ? await loadCheckout(db, body.checkout_id, locale) : undefined;
  if (existing && existing.status === 'open') {
    const next = {
      ...existing,
      items: body.items,
      coupons: codesOf(body.coupons),
      ...processorOnResume(existing, body.shipping_processor),
    };
    await saveCheckout(db, next);
    return viewOf(db, next, ctx);
  }
  const c: CheckoutRecord = {
    id: newCheckoutId(),
    locale,
    status: 'open',
    items: body.items,
    coupons: codesOf(body.coupons),
    customer: { type: 'consumer' },
    shippingProcessor: shippingProcessorOf(body.shipping_processor),
    shippingOptionId: null,
    servicePointId: null,
    paymentMethod: null,
    providerSessions: {},
    orderId: null,
  };
  await insertCheckout(db, c);
  return viewOf(db, c, ctx);
}

export async function updateCheckout(
  db: Db,
  locale: LocaleCode,
  id: string,
  body: UpdateCheckoutRequest,
  ctx: CartContext,
): Promise<CheckoutView> {
  const c = await requireCheckout(db, locale, id);
  if (isFrozen(c)) return viewOf(db, c, ctx);
  const next: CheckoutRecord = { ...c, customer: { ...c.customer, ...body.customer } };
  if (body.items) next.items = body.items;
  if (body.coupons) next.coupons = codesOf(body.coupons);
  if (body.shipping_option_id !== undefined) {
    next.shippingOptionId = body.shipping_option_id;
    next.servicePointId = null;
  }
  if (body.service_point_id !== undefined) next.servicePointId = body.service_point_id;
  if (body.payment_method !== undefined) {
    const type = next.customer.type ?? 'consumer';
    const known = paymentMethodsFor(locale).find((m) => m.id === body.payment_method && m.customer_types.includes(type));
    if (body.payment_method !== null && !known) throw new InvalidRequestError(checkoutMessage(locale, 'payment_method'));
    next.paymentMethod = body.payment_method;
  }
  // A customer type change drops a payment method the new type cannot use.
  const method = paymentMethodsFor(locale).find((m) => m.id === next.paymentMethod);
  if (method && !method.customer_types.includes(next.customer.type ?? 'consumer')) next.paymentMethod = null;
  // A payment session opened for the old amount is re-confirmed at placing (place-order.ts), never charged as it was.
  if (next.status === 'paying') next.status = 'open';
  await saveCheckout(db, next);
  return viewOf(db, next, ctx);
}
