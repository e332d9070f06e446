/**
 * Staff handle a return (docs/product/returns.md#states): approve or reject a policy return, mark the parcel
 * received, refund. The refund goes back through the payment provider that took the money, for exactly the
 * amount fixed at the request, once: the provider call carries the RMA as its idempotency reference and the
 * row moves on only from the state the step read. The shop's own invoice is credited (a credit note against
 * the open invoice) instead. Each step is stored in order_events (kind 'return', source 'operator').
 */
import type { Db } from '#server/db/connection.ts';
import type { ReturnStep } from '#lib/api/return-contracts.ts';
import { transitionPayment, type PaymentState } from '#lib/orders/order-states.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { transitionReturn, type ReturnEvent } from '#lib/returns/return-states.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { type PaymentState as ProviderPaymentState } from '#server/payments/payment-provider.ts';
import { ProviderRequestError } from '#server/providers/http-client.ts';
import { providerById } from '#server/payments/provider-registry.ts';
import { kickMailDelivery } from '#server/mail/mail-worker.ts';
import { queueCreditNoteDelivery } from '#server/einvoice/delivery-queue.ts';
import { kickEInvoiceDelivery } from '#server/einvoice/einvoice-worker.ts';
import { FulfilmentRefused } from '#server/fulfilment/fulfilment-refused.ts';
import { readOrder, type OrderRecord } from '#server/orders/order-record.ts';
import { recordOrderEvents, setOrderPaymentStatus } from '#server/orders/order-writes.ts';
import { readReturn, returnsOfOrder, type ReturnRecord } from './return-record.ts';
import { queueReturnMail } from './return-mails.ts';

const EVENT: Record<ReturnStep, ReturnEvent> = { approve: 'approve', reject: 'reject', receive: 'receive', refund: 'refund' };

const refundTotal = (r: ReturnRecord) => r.refundGoodsMinor + r.refundShippingMinor;

/** The payment state after the refund, or null when it does not move (an unpaid own invoice is credited; nothing to refund). */
async function refundPayment(order: OrderRecord, r: ReturnRecord, alreadyRefunded: number): Promise<PaymentState | null> {
  const amount = refundTotal(r);
  const payment = order.details.payment;
  const status = order.paymentStatus;
  if (payment.provider === 'invoice' && status === 'authorized') return null; // unpaid own invoice: credited, nothing to pay back
  if (status !== 'captured' && status !== 'partially_refunded')
    throw new FulfilmentRefused('invalid_transition', `cannot refund ${r.rma}: the payment of ${order.number} is ${status ?? 'unknown'}`);
  if (amount === 0) return null;
  const provider = providerById(payment.provider);
  if (!provider) throw new FulfilmentRefused('provider_unavailable', `payment provider ${payment.provider} is not configured`);
  const state: ProviderPaymentState = {
    sessionId: payment.session_id ?? '',
    status,
    amountMinor: order.totalMinor,
    currency: order.currency || LOCALES[order.locale].currency,
    capturedMinor: order.totalMinor,
    refundedMinor: alreadyRefunded,
    ...(payment.provider_reference ? { providerReference: payment.provider_reference } : {}),
  };
  try {
    const after = await provider.refund(state, amount, r.rma);
    if (after.status !== 'refunded' && after.status !== 'partially_refunded')
      throw new FulfilmentRefused('provider_refused', `${provider.id} reports the refund of ${r.rma} as ${after.status}`);
  } catch (err) {
    if (err instanceof ProviderUnavailable)
      throw new FulfilmentRefused('provider_unavailable', `${provider.id} refund of ${r.rma}: ${err.message}`);
    if (err instanceof ProviderRequestError)
      throw new FulfilmentRefused('provider_refused', `${provider.id} refund of ${r.rma}: ${err.message}`);
    throw err;
  }
  return alreadyRefunded + amount >= order.totalMinor ? 'refunded' : 'partially_refunded';
}

export async function runReturnStep(db: Db, rma: string, step: ReturnStep, now = new Date()): Promise<ReturnRecord> {
  const r = await readReturn(db, rma);
  const order = r && (await readOrder(db, r.orderNumber));
  if (!r || !order) throw new FulfilmentRefused('not_found', `no return ${rma}`);
  const moved = transitionReturn(r.status, EVENT[step]);
  if (!moved.ok) throw new FulfilmentRefused('invalid_transition', `cannot ${step} ${rma}: it is ${r.status}`);
  let payment: PaymentState | null = null;
  if (step === 'refund') {
    const earlier = (await returnsOfOrder(db, order.number)).filter((x) => x.status === 'refunded');
    payment = await refundPayment(
      order,
      r,
      earlier.reduce((sum, x) => sum + refundTotal(x), 0),
    );
  }
  const at = now.toISOString();
  const paymentMoved =
    payment && order.paymentStatus
      ? transitionPayment(order.paymentStatus, payment === 'refunded' ? 'refund_fully' : 'refund_partially')
      : null;
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('order_returns')
      .set({ status: moved.record.to, updated_at: at, ...(step === 'refund' ? { refunded_at: at } : {}) })
      .where('id', '=', rma)
      .where('status', '=', r.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      throw new FulfilmentRefused('invalid_transition', `cannot ${step} ${rma}: another request changed it first`);
    const events: { kind: string; from_state: string | null; to_state: string; event: string }[] = [
      { kind: 'return', from_state: r.status, to_state: moved.record.to, event: `${step}:${rma}` },
    ];
    if (paymentMoved?.ok) {
      await setOrderPaymentStatus(trx, order.number, paymentMoved.record.to);
      events.push({
        kind: 'payment',
        from_state: paymentMoved.record.from,
        to_state: paymentMoved.record.to,
        event: paymentMoved.record.event,
      });
    }
    await recordOrderEvents(trx, order.number, at, 'operator', events);
    const hasAccount = order.customerId !== null;
    if (step === 'receive') await queueReturnMail(trx, 'return_received', order, r, hasAccount, now);
    if (step === 'refund') await queueReturnMail(trx, 'refunded', order, r, hasAccount, now);
    // An e-invoiced order's refunded return gets its credit note (docs/product/e-invoices.md#credit-notes).
    if (step === 'refund') await queueCreditNoteDelivery(trx, order.number, rma, now);
  });
  kickMailDelivery(db);
  kickEInvoiceDelivery(db);
  return (await readReturn(db, rma))!;
}
