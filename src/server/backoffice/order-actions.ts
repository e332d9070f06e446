/**
 * The order page's actions (docs/product/back-office-data.md#order-actions): the operator's services (the CLI's
 * and POST /api/operator/orders/…), called with the staff member who acts — the order's timeline names them as
 * `staff:<id>`. A double submission makes one change: a step the order has already taken answers the order with
 * `changed: false`; a step it cannot take answers a typed refusal (invalid_transition, provider_unavailable …).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import { readOrder, type OrderRecord } from '#server/orders/order-record.ts';
import { moveOrder, recordOrderEvents } from '#server/orders/order-writes.ts';
import { requeueMail } from '#server/mail/outbox.ts';
import { kickMailDelivery } from '#server/mail/mail-worker.ts';
import { queueCreditNoteDelivery } from '#server/einvoice/delivery-queue.ts';
import { kickEInvoiceDelivery } from '#server/einvoice/einvoice-worker.ts';
import { deliverOrder, pickOrder, shipOrder, type ShipOptions } from '#server/fulfilment/fulfilment-service.ts';
import { FulfilmentRefused } from '#server/fulfilment/fulfilment-refused.ts';
import { releasePayment } from '#server/returns/withdraw-before-shipping.ts';
import { releaseStock } from '#server/returns/release-stock.ts';
import { InvalidTransitionError, NotFoundError } from '#lib/errors/domain-errors.ts';
import { transitionOrder, transitionPayment, type OrderState } from '#lib/orders/order-states.ts';

export interface ActionResult {
  order: OrderRecord;
  /** false: the order had already taken this step (a repeated submission), nothing changed. */
  changed: boolean;
}

/** How the timeline names a staff member's step. */
export const staffSource = (staffId: string) => `staff:${staffId}`;

async function orderOrRefuse(db: Db, number: string): Promise<OrderRecord> {
  const order = await readOrder(db, number);
  if (!order) throw new NotFoundError(`No order ${number}`, 'number');
  return order;
}

/** Runs a step; if it is refused because the order already stands where the step leads, that is the repeat's answer. */
async function once(db: Db, number: string, done: OrderState, step: () => Promise<OrderRecord>): Promise<ActionResult> {
  const before = await orderOrRefuse(db, number);
  if (before.status === done) return { order: before, changed: false };
  try {
    return { order: await step(), changed: true };
  } catch (err) {
    if (err instanceof FulfilmentRefused && err.code === 'invalid_transition') {
      const now = await orderOrRefuse(db, number);
      if (now.status === done) return { order: now, changed: false };
    }
    throw err;
  }
}

/** Pick: captures the payment through its provider (once), then picked. */
export const pickAction = (db: Db, number: string, staffId: string, now = new Date()) =>
  once(db, number, 'picked', () => pickOrder(db, number, now, staffSource(staffId)));

/** Ship: books the shipment (or takes a manual tracking number), shipped, the "shipped" e-mail queued once. */
export const shipAction = (db: Db, number: string, staffId: string, opts: Omit<ShipOptions, 'source'> = {}, now = new Date()) =>
  once(db, number, 'shipped', () => shipOrder(db, number, { ...opts, source: staffSource(staffId) }, now));

/** Deliver: delivered (at the carrier's time when its tracking knows it, else now). */
export const deliverAction = (db: Db, number: string, staffId: string, now = new Date()) =>
  once(db, number, 'delivered', () => deliverOrder(db, number, { source: staffSource(staffId) }, now));

/**
 * Cancel by the shop (out of stock, a customer's phone call): any order not yet shipped, whoever bought it. The
 * payment is voided or refunded through its provider as a withdrawal before shipping does it (one refund per
 * order by its idempotency key), and the units go back to stock. No e-mail to the customer yet.
 */
export async function cancelOrder(db: Db, number: string, staffId: string, now = new Date()): Promise<ActionResult> {
  const order = await orderOrRefuse(db, number);
  if (order.status === 'cancelled') return { order, changed: false };
  const moved = transitionOrder(order.status, 'cancel');
  if (!moved.ok) throw new InvalidTransitionError(`Cannot cancel order ${number}: it is ${order.status}`, 'number');
  const payment = await releasePayment(order);
  const paymentMoved =
    payment && order.paymentStatus ? transitionPayment(order.paymentStatus, payment === 'cancelled' ? 'cancel' : 'refund_fully') : null;
  const won = await db.transaction().execute(async (trx) => {
    const set = { status: moved.record.to, ...(paymentMoved?.ok ? { payment_status: paymentMoved.record.to } : {}) };
    if (!(await moveOrder(trx, number, order, set))) return false;
    await recordOrderEvents(trx, number, now.toISOString(), staffSource(staffId), [
      { kind: 'order', from_state: order.status, to_state: 'cancelled', event: 'cancel' },
      ...(paymentMoved?.ok
        ? [{ kind: 'payment', from_state: paymentMoved.record.from, to_state: paymentMoved.record.to, event: paymentMoved.record.event }]
        : []),
    ]);
    await releaseStock(trx, order.details.lines);
    // An e-invoiced order's invoice is credited whole (docs/product/e-invoices.md#credit-notes).
    await queueCreditNoteDelivery(trx, number, 'cancel', now);
    return true;
  });
  if (won) kickEInvoiceDelivery(db);
  const after = await orderOrRefuse(db, number);
  if (!won) {
    if (after.status === 'cancelled') return { order: after, changed: false };
    throw new InvalidTransitionError(`Cannot cancel order ${number}: another request changed it first`, 'number');
  }
  return { order: after, changed: true };
}

/** The order's e-mails staff may send again: the ones keyed `<kind>:<order number>` in the outbox. */
export const RESENDABLE = ['order_confirmation', 'shipped', 'withdrawal_acknowledgement'] as const;
export type ResendableMail = (typeof RESENDABLE)[number];

/**
 * Sends one of the order's e-mails again: a failed one is queued again; a sent one is copied as a new message
 * (keyed `<kind>-resend-<n>:<number>`, so the order page lists it). A copy still waiting in the queue answers
 * itself instead of a second one (a double submission).
 */
export async function resendOrderEmail(
  db: Db,
  number: string,
  kind: ResendableMail,
  now = new Date(),
): Promise<{ mailId: string; changed: boolean }> {
  await orderOrRefuse(db, number);
  const original = await db.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', `${kind}:${number}`).executeTakeFirst();
  if (!original) throw new NotFoundError(`Order ${number} has no ${kind} e-mail`, 'template');
  if (original.status === 'failed' || original.status === 'outbox') {
    await requeueMail(db, original.id, now);
    kickMailDelivery(db);
    return { mailId: original.id, changed: true };
  }
  const copies = await db
    .selectFrom('mail_outbox')
    .select(['id', 'status'])
    .where('dedupe_key', 'like', `${kind}-resend-%:${number}`)
    .execute();
  const waiting = [original, ...copies].find((m) => m.status === 'queued' || m.status === 'sending');
  if (waiting) return { mailId: waiting.id, changed: false };
  const id = randomUUID();
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      kind: original.kind,
      locale: original.locale,
      recipient: original.recipient,
      subject: original.subject,
      text_body: original.text_body,
      html_body: original.html_body,
      headers: original.headers,
      dedupe_key: `${kind}-resend-${copies.length + 1}:${number}`,
      status: 'queued',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
  kickMailDelivery(db);
  return { mailId: id, changed: true };
}
