/**
 * The shopper's browser back from a provider's hosted page (GET /api/checkout/{id}/return): the outcome is
 * read from the provider (never taken from the URL), then the confirmation, or the failed page with a
 * reason while the checkout stays open with its cart. When the provider cannot tell yet (Adyen without a
 * sessionResult, a provider that is down, a payment still pending), the verified notification decides:
 * wait briefly for it to complete the order, else show the failed page with reason `pending`. Back from
 * the cancel button with the payment still pending, the shop cancels it at the provider.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { SessionResultRequired } from '#server/payments/adyen/adyen-provider.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { type PaymentSessionKind, type PaymentState } from '#server/payments/payment-provider.ts';
import { providerById } from '#server/payments/provider-registry.ts';
import { loadCheckout } from './checkout-repository.ts';
import { requireCheckout } from './checkout-service.ts';
import { closeSession, finishPayment } from './finish-payment.ts';
import type { CheckoutUrls } from './checkout-page-urls.ts';

const WAIT_FOR_NOTIFICATION_MS = 5000;
const POLL_MS = 200;

export interface ReturnParams {
  kind: PaymentSessionKind;
  /** The provider's session id as the return URL names it (Adyen `sessionId`, Klarna's second `sid`), if any. */
  sessionId?: string;
  /** Everything the provider appended (Adyen needs `sessionResult` from it). */
  query: URLSearchParams;
  /** The shopper came back through the hosted page's cancel button (the shop's cancel URL). */
  cancelled?: boolean;
}

async function awaitNotification(db: Db, locale: LocaleCode, id: string, urls: CheckoutUrls): Promise<string> {
  for (const deadline = Date.now() + WAIT_FOR_NOTIFICATION_MS; Date.now() < deadline;) {
    if ((await loadCheckout(db, id, locale))?.status === 'completed') return urls.confirmation(id);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return (await loadCheckout(db, id, locale))?.status === 'completed' ? urls.confirmation(id) : urls.failed(id, 'pending');
}

/** Where the browser goes next (a 303 Location). */
export async function paymentReturn(db: Db, locale: LocaleCode, id: string, p: ReturnParams, urls: CheckoutUrls): Promise<string> {
  const c = await requireCheckout(db, locale, id);
  if (c.status === 'completed') return urls.confirmation(c.id);
  const record = c.providerSessions[p.kind];
  const provider = record && providerById(record.provider);
  if (!record || !provider) return urls.failed(c.id, 'expired');
  let state: PaymentState;
  try {
    state = await provider.readStatus(p.sessionId ?? record.id, p.query);
    // The shopper cancelled, the provider still has the payment open (Two keeps an unverified order):
    // cancel it, so an old tab cannot complete it later; the provider's answer after that decides.
    if (state.status === 'pending' && p.cancelled) state = await provider.cancel(state);
  } catch (err) {
    if (err instanceof SessionResultRequired || err instanceof ProviderUnavailable) return awaitNotification(db, locale, c.id, urls);
    throw err;
  }
  if (state.status === 'authorized' || state.status === 'captured') {
    const done = await finishPayment(db, c, provider, { ...state, status: state.status }, 'shopper');
    // an order waiting for a company admin: its confirmation page says so
    return done.ok || done.reason === 'awaiting_approval' ? urls.confirmation(c.id) : urls.failed(c.id, done.reason);
  }
  if (state.status === 'pending') return awaitNotification(db, locale, c.id, urls);
  await closeSession(db, c, p.kind, state.sessionId);
  return urls.failed(c.id, state.failureCode ?? state.status);
}
