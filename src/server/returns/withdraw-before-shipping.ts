/**
 * A consumer withdraws from an order that has not been shipped (docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a):
 * the order is cancelled, its payment voided (authorised) or refunded (captured) through the provider that took
 * it, its units go back to stock and the acknowledgement e-mail names the order, the lines and the date and time
 * (Directive 2011/83/EU art. 11a). Exactly once: the provider call carries an idempotency key of the order, and
 * the order row moves only from the state this request read, so a repeated or concurrent withdrawal changes
 * nothing more and answers the cancelled order. Staff cannot pick or ship a cancelled order (order-states.ts).
 */
import type { Db } from '#server/db/connection.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { formatPlacedAt } from '#lib/checkout/order-dates.ts';
import { transitionOrder, transitionPayment, type PaymentState } from '#lib/orders/order-states.ts';
import { returnMail } from '#lib/mail/return-mails.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { ProviderUnavailableError, ReturnNotAllowedError } from '#lib/errors/domain-errors.ts';
import { type PaymentState as ProviderPaymentState } from '#server/payments/payment-provider.ts';
import { providerById } from '#server/payments/provider-registry.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { ProviderRequestError } from '#server/providers/http-client.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { kickMailDelivery } from '#server/mail/mail-worker.ts';
import { queueCreditNoteDelivery } from '#server/einvoice/delivery-queue.ts';
import { kickEInvoiceDelivery } from '#server/einvoice/einvoice-worker.ts';
import { readOrder, type OrderRecord } from '#server/orders/order-record.ts';
import { moveOrder, recordOrderEvents } from '#server/orders/order-writes.ts';
import type { Requester } from './request-return.ts';
import { releaseStock } from './release-stock.ts';
import { withdrawalPeriodOf } from './withdrawal-of-order.ts';

/** The idempotency reference of the refund a withdrawal before shipping makes (one per order). */
export const withdrawalReference = (orderNumber: string) => `WDR-${orderNumber}`;

/** Refuses unless a withdrawal now cancels the order; the message is the shopper's. */
export function checkCancellable(order: OrderRecord, now: Date): void {
  const t = translator(order.locale);
  const period = withdrawalPeriodOf(order, now);
  if (!period.open) throw new ReturnNotAllowedError(t(`returns.closed.${period.reason}`, { date: period.deadline ?? '' }), 'kind');
  if (period.path !== 'cancel') throw new ReturnNotAllowedError(t('returns.closed.not_delivered'), 'kind');
}

/**
 * Voids or refunds the whole payment; answers the payment state after it, or null when it does not move. Also the
 * back office's cancel (src/server/backoffice/order-actions.ts): one refund per order, by its idempotency key.
 */
export async function releasePayment(order: OrderRecord): Promise<PaymentState | null> {
  const status = order.paymentStatus;
  if (status !== 'authorized' && status !== 'captured') return null; // nothing taken (pending) or already settled back
  const payment = order.details.payment;
  // The own invoice has no third party: an open one is voided with the order; a paid one staff pay back by hand.
  if (payment.provider === 'invoice') return status === 'authorized' ? 'cancelled' : null;
  const provider = providerById(payment.provider);
  if (!provider) throw new ProviderUnavailableError(`payment provider ${payment.provider} is not configured`);
  const state: ProviderPaymentState = {
    sessionId: payment.session_id ?? '',
    status,
    amountMinor: order.totalMinor,
    currency: order.currency || LOCALES[order.locale].currency,
    ...(status === 'captured' ? { capturedMinor: order.totalMinor, refundedMinor: 0 } : {}),
    ...(payment.provider_reference ? { providerReference: payment.provider_reference } : {}),
  };
  let after: ProviderPaymentState;
  try {
    after =
      status === 'authorized'
        ? await provider.cancel(state)
        : await provider.refund(state, order.totalMinor, withdrawalReference(order.number));
  } catch (err) {
    if (err instanceof ProviderUnavailable || err instanceof ProviderRequestError)
      throw new ProviderUnavailableError(`${provider.id} could not release the payment of ${order.number}: ${err.message}`);
    throw err;
  }
  const expected = status === 'authorized' ? 'cancelled' : 'refunded';
  if (after.status !== expected)
    throw new ProviderUnavailableError(`${provider.id} reports the payment of ${order.number} as ${after.status}`);
  return expected;
}

export interface Cancellation {
  orderNumber: string;
  withdrawnAt: string;
}

/** The moment the order was cancelled by a withdrawal (its return event), if it was. */
function cancelledAt(order: OrderRecord): string | undefined {
  return order.events.find((e) => e.kind === 'return' && e.event === `withdrawal:${order.number}`)?.at;
}

export async function cancelByWithdrawal(
  db: Db,
  order: OrderRecord,
  by: Requester,
  hasAccount: boolean,
  now = new Date(),
): Promise<Cancellation> {
  const done = order.status === 'cancelled' ? cancelledAt(order) : undefined;
  if (done) return { orderNumber: order.number, withdrawnAt: done };
  checkCancellable(order, now);
  const moved = transitionOrder(order.status, 'cancel');
  if (!moved.ok) throw new ReturnNotAllowedError(translator(order.locale)('returns.problems.busy'));
  // Before the transaction (a provider call); a repeat carries the same key and voids or refunds nothing more.
  const payment = await releasePayment(order);
  const paymentMoved =
    payment && order.paymentStatus ? transitionPayment(order.paymentStatus, payment === 'cancelled' ? 'cancel' : 'refund_fully') : null;
  const at = now.toISOString();
  const won = await db.transaction().execute(async (trx) => {
    const set = { status: moved.record.to, ...(paymentMoved?.ok ? { payment_status: paymentMoved.record.to } : {}) };
    if (!(await moveOrder(trx, order.number, order, set))) return false;
    await recordOrderEvents(trx, order.number, at, by, [
      { kind: 'order', from_state: order.status, to_state: 'cancelled', event: 'cancel' },
      ...(paymentMoved?.ok
        ? [{ kind: 'payment', from_state: paymentMoved.record.from, to_state: paymentMoved.record.to, event: paymentMoved.record.event }]
        : []),
      { kind: 'return', from_state: null, to_state: 'cancelled', event: `withdrawal:${order.number}` },
    ]);
    await releaseStock(trx, order.details.lines);
    await queueCancellationMail(trx, order, hasAccount, now);
    // An e-invoiced order's invoice is credited whole (docs/product/e-invoices.md#credit-notes).
    await queueCreditNoteDelivery(trx, order.number, 'cancel', now);
    return true;
  });
  if (!won) {
    // Another request moved the order first: a cancelled order is this withdrawal done; anything else is a refusal.
    const again = await readOrder(db, order.number);
    const at2 = again?.status === 'cancelled' ? cancelledAt(again) : undefined;
    if (at2) return { orderNumber: order.number, withdrawnAt: at2 };
    throw new ReturnNotAllowedError(translator(order.locale)('returns.problems.busy'));
  }
  kickMailDelivery(db);
  kickEInvoiceDelivery(db);
  return { orderNumber: order.number, withdrawnAt: at };
}

/** The acknowledgement on a durable medium (art. 11a): the order, its lines, the date and time; one per order. */
async function queueCancellationMail(db: Db, order: OrderRecord, hasAccount: boolean, now: Date): Promise<void> {
  const page = hasAccount
    ? pathFor('my-account-orders-id', order.locale, { id: order.number })
    : pathFor('my-order-id', order.locale, { id: order.number });
  const content = returnMail('withdrawal_acknowledgement', order.locale, {
    rma: order.number,
    orderNumber: order.number,
    firstName: order.details.customer.first_name ?? '',
    lines: order.details.lines.map((l) => ({ name: l.name, sku: l.sku, quantity: l.quantity })),
    refundMinor: order.totalMinor,
    returnAddress: '',
    orderUrl: siteSettings().origins[order.locale] + page,
    withdrawnAt: formatPlacedAt(now.toISOString(), order.locale),
    cancelled: true,
    // reserved (card, Klarna) or an open invoice: voided, not refunded (docs/product/returns.md)
    nothingCharged: order.paymentStatus !== 'captured',
  });
  await enqueueMail(
    db,
    {
      ...content,
      kind: 'withdrawal_acknowledgement',
      locale: order.locale,
      to: order.email,
      dedupeKey: `withdrawal_acknowledgement:${order.number}`,
    },
    { now },
  );
}
