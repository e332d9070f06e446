/**
 * Place order (docs/product/checkout.md#placing-the-order): the server checks the checkout is complete,
 * prices it once more, then either completes it at once (the shop's own invoice) or opens a payment
 * session with the provider for exactly that amount and sends the shopper there.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { PaymentMethodView, PlaceOrderResponse } from '#lib/api/checkout-contracts.ts';
import { customerProblems } from '#lib/checkout/customer-problems.ts';
import { checkoutMessage, type CheckoutMessageKey } from '#lib/checkout/problem-messages.ts';
import { DomainError, InvalidRequestError } from '#lib/errors/domain-errors.ts';
import type { CartContext } from '#server/cart/cart-service.ts';
import { providerFor } from '#server/payments/provider-registry.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { type PaymentProvider } from '#server/payments/payment-provider.ts';
import { approvalText } from '#lib/company/approval-texts.ts';
import { companyCheckoutOutcome, payableWhileWaiting } from '#lib/company/order-approval-rules.ts';
import { isFrozen, type CheckoutRecord } from './checkout-repository.ts';
import type { CheckoutUrls } from './checkout-page-urls.ts';
import { openPaymentSession } from './payment-session.ts';
import { quoteCheckout, type CheckoutQuote } from './checkout-quote.ts';
import { PriceChanged } from './complete-checkout.ts';
import { completeWithOwnInvoice } from './own-invoice-completion.ts';
import { companyMemberOf } from './company-checkout.ts';
import { requestApproval } from './company-approval-requests.ts';
import { requireCheckout } from './checkout-service.ts';
import { paymentMethodsFor } from './payment-methods.ts';
import { OutOfStock } from './stock-reservation.ts';

/** A 400 names the checkout field it is about (`error.field`) so the page can mark and focus it. */
const refuse = (locale: LocaleCode, key: CheckoutMessageKey, field?: string): never => {
  throw new InvalidRequestError(checkoutMessage(locale, key), field);
};

/** A refusal from further down (stock, price, provider) in the shopper's language; its code stays. */
const inShoppersWords = (locale: LocaleCode, err: OutOfStock | PriceChanged | ProviderUnavailable): DomainError =>
  new DomainError(err.code, checkoutMessage(locale, err.code));

/** The provider's hosted page for exactly the server's total; a provider that is down is a retryable 503, nothing saved. */
async function externalPayment(
  db: Db,
  c: CheckoutRecord,
  q: CheckoutQuote,
  method: PaymentMethodView,
  provider: PaymentProvider,
  urls: CheckoutUrls,
  ctx: CartContext,
): Promise<PlaceOrderResponse> {
  try {
    return await openPaymentSession(db, c, q, method, provider, urls, ctx);
  } catch (err) {
    if (err instanceof ProviderUnavailable) throw inShoppersWords(c.locale, err);
    throw err;
  }
}

export async function placeOrder(
  db: Db,
  locale: LocaleCode,
  id: string,
  urls: CheckoutUrls,
  ctx: CartContext,
): Promise<PlaceOrderResponse> {
  const c = await requireCheckout(db, locale, id);
  if (c.status === 'completed') return { redirect_url: urls.confirmation(c.id), order_number: c.orderId };
  // waiting for (or declined by) a company admin: the confirmation page says which
  if (isFrozen(c)) return { redirect_url: urls.confirmation(c.id), order_number: null };
  // A company member orders for the company (docs/product/company-accounts.md#orders): a viewer may not, and is told
  // before anything else is checked; a buyer above their limit waits for an admin, paid by the shop's invoice only
  // (docs/adr/0034-company-order-approval.md).
  const member = await companyMemberOf(db, locale, ctx);
  if (companyCheckoutOutcome(member, 0) === 'refused') throw new DomainError('forbidden', approvalText(locale, 'viewer_refused'));
  const quote = await quoteCheckout(db, c, ctx);
  if (quote.items.length === 0) refuse(locale, 'empty_cart');
  const problem = customerProblems(locale, c.customer, true)[0];
  if (problem) refuse(locale, problem.code, problem.field);
  if (!quote.shipping) refuse(locale, 'no_shipping', 'shipping_option_id');
  if (quote.shipping!.hasServicePoints && !quote.servicePoint) refuse(locale, 'service_point', 'service_point_id');
  const type = c.customer.type ?? 'consumer';
  const method = paymentMethodsFor(locale).find((m) => m.id === c.paymentMethod && m.customer_types.includes(type));
  const provider = method && providerFor(method.id);
  if (!method || !provider) return refuse(locale, 'payment_method', 'payment_method');
  if (companyCheckoutOutcome(member, quote.totals.total_minor) === 'approval') {
    if (!payableWhileWaiting(provider.id)) throw new InvalidRequestError(approvalText(locale, 'invoice_only'), 'payment_method');
    await requestApproval(db, c, quote.totals.total_minor, member!);
    return { redirect_url: urls.confirmation(c.id), order_number: null };
  }
  if (provider.id !== 'invoice') return externalPayment(db, c, quote, method, provider, urls, ctx);
  try {
    const done = await completeWithOwnInvoice(db, c, quote, method, provider, urls, ctx);
    return { redirect_url: urls.confirmation(c.id), order_number: done.orderNumber };
  } catch (err) {
    if (err instanceof OutOfStock || err instanceof PriceChanged) throw inShoppersWords(locale, err);
    throw err;
  }
}
