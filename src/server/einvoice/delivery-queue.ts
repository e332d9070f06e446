/**
 * The e-invoice delivery rows (migration 0043, docs/product/e-invoices.md#delivery): written with the order (queued, or
 * skipped with the reason), taken by the worker (deliver-einvoices.ts), read by the back office, queued anew by its
 * "send again". One row per order and document: completing a checkout twice never queues twice.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { EInvoiceDeliveriesTable } from '#server/db/einvoice-tables.ts';
import { canSendAgain, isDeliveryStatus, type DeliveryStatus } from '#lib/einvoice/delivery-status.ts';

export type DeliveryRow = EInvoiceDeliveriesTable;

export interface DeliveryRequest {
  orderNumber: string;
  document: 'invoice';
  /** The receiver's Peppol participant id "<scheme>:<id>"; null: skipped for `skipReason`. */
  receiver: string | null;
  skipReason: string | null;
}

const startState = (r: DeliveryRequest): { status: DeliveryStatus; last_error: string | null } =>
  r.receiver && !r.skipReason ? { status: 'queued', last_error: null } : { status: 'skipped', last_error: r.skipReason ?? 'no receiver' };

/** Queues (or records as skipped) the delivery of an order's document; a second call for the same one does nothing. */
export async function queueDelivery(db: Db, r: DeliveryRequest, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('einvoice_deliveries')
    .values({
      id: randomUUID(),
      order_id: r.orderNumber,
      document: r.document,
      ...startState(r),
      receiver: r.receiver,
      provider_id: null,
      attempts: 0,
      next_attempt_at: at,
      claimed_at: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['order_id', 'document']).doNothing())
    .execute();
}

/**
 * Staff's "send again": the document queued afresh to the receiver known now (or skipped again with the reason).
 * A new id, so the access point takes it as a new submission (the id is its idempotency guid). False when it is
 * queued or being sent already (nothing changed).
 */
export async function requeueDelivery(db: Db, r: DeliveryRequest, now = new Date()): Promise<boolean> {
  const existing = await deliveryOf(db, r.orderNumber, r.document);
  if (!existing) {
    await queueDelivery(db, r, now);
    return true;
  }
  if (isDeliveryStatus(existing.status) && !canSendAgain(existing.status)) return false;
  const at = now.toISOString();
  const res = await db
    .updateTable('einvoice_deliveries')
    .set({ id: randomUUID(), ...startState(r), receiver: r.receiver, provider_id: null, attempts: 0, next_attempt_at: at, claimed_at: null, updated_at: at })
    .where('id', '=', existing.id)
    .where('status', '=', existing.status)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function deliveryOf(db: Db, orderNumber: string, document: 'invoice'): Promise<DeliveryRow | undefined> {
  return db.selectFrom('einvoice_deliveries').selectAll().where('order_id', '=', orderNumber).where('document', '=', document).executeTakeFirst();
}

export function deliveriesOfOrder(db: Db, orderNumber: string): Promise<DeliveryRow[]> {
  return db.selectFrom('einvoice_deliveries').selectAll().where('order_id', '=', orderNumber).orderBy('created_at').execute();
}
