/**
 * Opening an external payment for a checkout (docs/adr/0007-checkout-orders-and-money.md#checkout): a
 * session with the provider for exactly the server's total, one attempt per amount and method
 * (reference `${checkout id}.${attempt}`, which is also the provider's idempotency key, so a retried
 * place after a timeout gets the same session). An open session for the same amount and method is
 * reused; a new amount or method is a new attempt, and the superseded session is cancelled where the
 * provider can (never charged on the old amount: completion re-prices anyway). A provider that refuses
 * at once (Two's credit check of the company) sends the shopper to the failed page without a hosted page.
 */
import type { Db } from '#server/db/connection.ts';
import { LOCALES } from '#lib/market/locales.ts';
import type { PaymentMethodView, PlaceOrderResponse } from '#lib/api/checkout-contracts.ts';
import { paymentLines } from '#lib/checkout/payment-lines.ts';
import type { CartContext } from '#server/cart/cart-service.ts';
import type { CreatePaymentInput, PaymentProvider, PaymentSession } from '#server/payments/payment-provider.ts';
import { providerById } from '#server/payments/provider-registry.ts';
import { saveCheckout, type CheckoutRecord, type ProviderSessionRecord } from './checkout-repository.ts';
import type { CheckoutQuote } from './checkout-quote.ts';
import type { CheckoutUrls } from './checkout-page-urls.ts';
import { notificationUrl, paymentCancelUrl, paymentReturnUrl } from './payment-urls.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('checkout');

/** Adyen sessions live 1 h (Klarna's HPP longer): an older one is not handed out again. */
const REUSE_FOR_MS = 45 * 60_000;

const attemptOf = (reference: string): number => Number(reference.split('.')[1]) || 0;

function reusable(
  r: ProviderSessionRecord | undefined,
  provider: PaymentProvider,
  method: string,
  amountMinor: number,
  now: number,
): r is ProviderSessionRecord & { redirectUrl: string } {
  return (
    !!r &&
    !r.closed &&
    !!r.redirectUrl &&
    r.provider === provider.id &&
    r.method === method &&
    r.amountMinor === amountMinor &&
    now - Date.parse(r.openedAt ?? '') < REUSE_FOR_MS
  );
}

function paymentInput(
  c: CheckoutRecord,
  q: CheckoutQuote,
  method: string,
  reference: string,
  kind: CreatePaymentInput['customer']['type'],
): Omit<CreatePaymentInput, 'returnUrl' | 'cancelUrl' | 'notificationUrl'> {
  const cu = c.customer;
  const lines = paymentLines({
    goods: q.items.map((l, i) => ({ sku: l.sku, name: l.name, quantity: l.quantity, totalMinor: q.lineTotalsMinor[i]!, vatRate: l.vat })),
    shipping: q.shipping && { name: q.shipping.name, grossMinor: q.shipping.priceMinor, vatRate: q.shipping.vatRate },
    byRate: q.totals.vat_breakdown.map((r) => ({ vatRate: r.rate, vatMinor: r.vat_minor, grossMinor: r.gross_minor })),
  });
  return {
    reference,
    checkoutId: c.id,
    locale: c.locale,
    currency: q.totals.currency,
    amountMinor: q.totals.total_minor,
    vatMinor: q.totals.vat_minor,
    method,
    lines,
    customer: {
      type: kind,
      email: cu.email!,
      mobile: cu.mobile!,
      firstName: cu.first_name!,
      lastName: cu.last_name!,
      street: cu.street!,
      postalCode: cu.postal_code!,
      city: cu.city!,
      countryCode: LOCALES[c.locale].countryCode,
      companyName: cu.company_name,
      organisationNumber: cu.organisation_number,
    },
  };
}

/** Cancels a session a new attempt replaces, where the provider can (Klarna disables its page); best effort. */
async function supersede(old: ProviderSessionRecord | undefined, currency: string): Promise<void> {
  const provider = old && !old.closed ? providerById(old.provider) : undefined;
  if (!old || !provider) return;
  await provider.cancel({ sessionId: old.id, status: 'pending', amountMinor: old.amountMinor, currency }).catch((err: unknown) => {
    log.warn(
      { err: err instanceof Error ? err.message : String(err), provider: old.provider, session: old.id },
      'could not cancel a superseded session',
    );
  });
}

/** Opens (or reuses) the provider session; ProviderUnavailable propagates with nothing saved. */
export async function openPaymentSession(
  db: Db,
  c: CheckoutRecord,
  q: CheckoutQuote,
  method: PaymentMethodView,
  provider: PaymentProvider,
  urls: CheckoutUrls,
  ctx: CartContext,
): Promise<PlaceOrderResponse> {
  const amountMinor = q.totals.total_minor;
  const current = c.providerSessions[provider.kind];
  if (reusable(current, provider, method.id, amountMinor, Date.now())) {
    if (c.status !== 'paying') await saveCheckout(db, { ...c, status: 'paying' });
    return { redirect_url: current.redirectUrl, order_number: null };
  }
  const attempt = 1 + Math.max(0, ...Object.values(c.providerSessions).map((r) => (r ? attemptOf(r.reference) : 0)));
  const reference = `${c.id}.${attempt}`;
  const session = await provider.createSession({
    ...paymentInput(c, q, method.id, reference, c.customer.type ?? 'consumer'),
    returnUrl: paymentReturnUrl(c.locale, c.id, provider.kind),
    cancelUrl: paymentCancelUrl(c.locale, c.id, provider.kind),
    notificationUrl: notificationUrl(c.locale, provider.id),
  });
  const record: ProviderSessionRecord = {
    id: session.sessionId,
    locale: c.locale,
    provider: provider.id,
    amountMinor,
    reference,
    method: method.id,
    ...(session.redirectUrl ? { redirectUrl: session.redirectUrl } : {}),
    openedAt: new Date().toISOString(),
    ...(ctx.customer ? { context: ctx } : {}),
  };
  if (!session.redirectUrl) return refusedAtOnce(db, c, provider, { ...record, closed: true }, session, current, q.totals.currency, urls);
  await saveCheckout(db, { ...c, status: 'paying', providerSessions: { ...c.providerSessions, [provider.kind]: record } });
  await supersede(current, q.totals.currency);
  return { redirect_url: session.redirectUrl, order_number: null };
}

/**
 * A provider that decides when the session is created and has no page to show (Two declines a company
 * at order creation): the attempt is recorded closed, the checkout stays open with its cart, and the
 * shopper goes straight to the failed page with the provider's answer as the reason.
 */
async function refusedAtOnce(
  db: Db,
  c: CheckoutRecord,
  provider: PaymentProvider,
  record: ProviderSessionRecord,
  session: PaymentSession,
  current: ProviderSessionRecord | undefined,
  currency: string,
  urls: CheckoutUrls,
): Promise<PlaceOrderResponse> {
  if (session.status !== 'declined' && session.status !== 'cancelled' && session.status !== 'expired')
    throw new Error(`${provider.id}: session ${session.sessionId} (${session.status}) has no hosted page`);
  await saveCheckout(db, { ...c, status: 'open', providerSessions: { ...c.providerSessions, [provider.kind]: record } });
  await supersede(current, currency);
  return { redirect_url: urls.failed(c.id, session.status), order_number: null };
}
