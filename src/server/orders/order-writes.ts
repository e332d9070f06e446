/**
 * The changes other domains make to an order after it exists (docs/product/fulfilment.md, returns.md,
 * accounts.md, experiments.md): state moves with their events, the account it is linked to, its experiment visitor.
 * The order row itself is inserted only by new-order.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { OrderState, PaymentState } from '#lib/orders/order-states.ts';

export interface OrderEventValues {
  kind: string;
  from_state: string | null;
  to_state: string;
  event: string;
}

/**
 * Moves the order only if its status and payment status are still `expected` (what the caller read): false when
 * another request changed it first. Run it inside the caller's transaction with recordOrderEvents.
 */
export async function moveOrder(
  trx: Db,
  number: string,
  expected: { status: OrderState; paymentStatus: PaymentState | null },
  set: { status?: OrderState; payment_status?: PaymentState; delivered_at?: string },
): Promise<boolean> {
  let update = trx.updateTable('orders').set(set).where('id', '=', number).where('status', '=', expected.status);
  update =
    expected.paymentStatus === null
      ? update.where('payment_status', 'is', null)
      : update.where('payment_status', '=', expected.paymentStatus);
  const r = await update.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Sets the payment status without a condition (a refund the return step has already decided under its own lock). */
export async function setOrderPaymentStatus(trx: Db, number: string, status: PaymentState): Promise<void> {
  await trx.updateTable('orders').set({ payment_status: status }).where('id', '=', number).execute();
}

/** Appends the order's events of one step, all at one time and from one source. */
export async function recordOrderEvents(
  trx: Db,
  number: string,
  at: string,
  source: string,
  events: readonly OrderEventValues[],
): Promise<void> {
  if (events.length === 0) return;
  await trx
    .insertInto('order_events')
    .values(events.map((e) => ({ id: randomUUID(), order_id: number, at, source, ...e })))
    .execute();
}

/** Links the order to the account made for it at checkout. */
export async function linkOrderToCustomer(db: Db, number: string, customerId: number): Promise<void> {
  await db.updateTable('orders').set({ customer_id: customerId }).where('id', '=', number).execute();
}

/** The experiment visitor of the checkout goes onto its order (docs/product/experiments.md#orders). */
export async function setOrderExperimentVisitor(db: Db, number: string, visitorId: string): Promise<void> {
  await db.updateTable('orders').set({ experiment_visitor_id: visitorId }).where('id', '=', number).execute();
}
