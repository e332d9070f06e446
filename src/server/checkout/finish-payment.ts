/**
 * What the shopper's return and the provider's notifications do with a payment the provider reports
 * (docs/adr/0007-checkout-orders-and-money.md#one-completion-routine): an authorized or captured one goes
 * through completeCheckout; one that cannot become the order (the price changed since the session was
 * opened, or stock ran out) is cancelled at the provider and the checkout reopened with its cart intact.
 * A failed one closes its session, so the next placing opens a new attempt.
 */
import type { Db } from '#server/db/connection.ts';
import { LOCALES } from '#lib/market/locales.ts';
import type { PaymentProvider, PaymentSessionKind, PaymentState } from '#server/payments/payment-provider.ts';
import { saveCheckout, type CheckoutRecord } from './checkout-repository.ts';
import { AwaitingApproval, completeCheckout, PriceChanged } from './complete-checkout.ts';
import { parseOrderDetails } from '#server/orders/order-details.ts';
import { orderOfCheckout } from '#server/orders/order-reads.ts';
import { OutOfStock } from './stock-reservation.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('checkout');

export type Finished = { ok: true; orderNumber: string } | { ok: false; reason: 'price_changed' | 'out_of_stock' | 'awaiting_approval' };

/** Marks the checkout's session of this kind closed (when it is this session) and the checkout open again. */
export async function closeSession(db: Db, c: CheckoutRecord, kind: PaymentSessionKind, sessionId: string): Promise<void> {
  const record = c.providerSessions[kind];
  if (!record || record.id !== sessionId || record.closed) return;
  await saveCheckout(db, { ...c, status: 'open', providerSessions: { ...c.providerSessions, [kind]: { ...record, closed: true } } });
}

/** Gives an authorized payment back (a captured one is refunded); logged, never thrown: the shopper's answer must not wait on it. */
export async function releasePayment(provider: PaymentProvider, state: PaymentState, currency: string, why: string): Promise<void> {
  const s = { ...state, currency: state.currency || currency };
  try {
    if (s.status === 'captured') await provider.refund(s, s.amountMinor, `${s.providerReference ?? s.sessionId}-${why}`);
    else await provider.cancel(s);
  } catch (err) {
    log.error(
      { err: err instanceof Error ? err.message : String(err), provider: provider.id, payment: s.providerReference ?? s.sessionId, why },
      'could not release a payment',
    );
  }
}

/** A second payment for a checkout another payment (another provider, or another payment of this one) already completed: not to be kept. */
async function isOtherPayment(db: Db, checkoutId: string, provider: string, state: PaymentState): Promise<boolean> {
  if (!state.providerReference) return false;
  const row = await orderOfCheckout(db, checkoutId);
  if (!row) return false;
  const kept = parseOrderDetails(row.details).payment;
  return kept.provider !== provider || (!!kept.provider_reference && kept.provider_reference !== state.providerReference);
}

export async function finishPayment(
  db: Db,
  c: CheckoutRecord,
  provider: PaymentProvider,
  state: PaymentState & { status: 'authorized' | 'captured' },
  source: 'shopper' | 'notification' | 'reconciliation',
): Promise<Finished> {
  const record = c.providerSessions[provider.kind];
  const currency = LOCALES[c.locale].currency;
  try {
    const done = await completeCheckout(
      db,
      c,
      {
        provider: provider.id,
        status: state.status,
        amountMinor: state.amountMinor,
        sessionId: state.sessionId,
        providerReference: state.providerReference ?? null,
      },
      source,
      record?.context ?? {},
    );
    if (!done.created && (await isOtherPayment(db, c.id, provider.id, state))) await releasePayment(provider, state, currency, 'duplicate');
    return { ok: true, orderNumber: done.orderNumber };
  } catch (err) {
    // a payment from an earlier attempt on a checkout that now waits for a company admin is not kept (ADR 0034)
    if (err instanceof AwaitingApproval) {
      await releasePayment(provider, state, currency, 'awaiting_approval');
      return { ok: false, reason: 'awaiting_approval' };
    }
    if (!(err instanceof PriceChanged) && !(err instanceof OutOfStock)) throw err;
    const reason = err instanceof PriceChanged ? 'price_changed' : 'out_of_stock';
    await releasePayment(provider, state, currency, reason);
    await closeSession(db, c, provider.kind, state.sessionId);
    return { ok: false, reason };
  }
}
