/**
 * The e-invoice delivery rows (migration 0043, docs/product/e-invoices.md#delivery): written with the order (queued, or
 * skipped with the reason), taken by the worker (deliver-einvoices.ts), read by the back office, queued anew by its
 * "send again". One row per order and document: completing a checkout twice never queues twice.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { EInvoiceDeliveriesTable } from '#server/db/einvoice-tables.ts';
import { canSendAgain, isDeliveryStatus, SKIP_REASONS, type DeliveryStatus } from '#lib/einvoice/delivery-status.ts';
import { accessPointConfig } from './access-point-config.ts';

export type DeliveryRow = EInvoiceDeliveriesTable;

/** The order's invoice, or one of its credit notes (`credit-note:cancel` for a cancelled order, `credit-note:<RMA>`). */
export type EDocument = 'invoice' | `credit-note:${string}`;
export const creditNoteDocument = (noteId: string): EDocument => `credit-note:${noteId}`;
/** The credit note's id in a document name, or null for the invoice. */
export const creditNoteIdOf = (document: string): string | null =>
  document.startsWith('credit-note:') ? document.slice('credit-note:'.length) || null : null;

export interface DeliveryRequest {
  orderNumber: string;
  document: EDocument;
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
    .set({
      id: randomUUID(),
      ...startState(r),
      receiver: r.receiver,
      provider_id: null,
      attempts: 0,
      next_attempt_at: at,
      claimed_at: null,
      updated_at: at,
    })
    .where('id', '=', existing.id)
    .where('status', '=', existing.status)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function deliveryOf(db: Db, orderNumber: string, document: EDocument): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('einvoice_deliveries')
    .selectAll()
    .where('order_id', '=', orderNumber)
    .where('document', '=', document)
    .executeTakeFirst();
}

export function deliveriesOfOrder(db: Db, orderNumber: string): Promise<DeliveryRow[]> {
  return db.selectFrom('einvoice_deliveries').selectAll().where('order_id', '=', orderNumber).orderBy('created_at').execute();
}

/**
 * A credit note issued for an order whose invoice was e-invoiced (docs/product/e-invoices.md#credit-notes): queued to
 * the invoice's receiver, or skipped for the invoice's reason. Nothing for an order without an e-invoice delivery.
 * Its row is the credit note's record: its number and issue date come from it (src/server/checkout/e-invoice-credit-notes.ts).
 */
export async function queueCreditNoteDelivery(db: Db, orderNumber: string, noteId: string, now = new Date()): Promise<boolean> {
  const invoice = await deliveryOf(db, orderNumber, 'invoice');
  if (!invoice) return false;
  const skipReason = !invoice.receiver
    ? (invoice.last_error ?? SKIP_REASONS.noParticipantId)
    : accessPointConfig()
      ? null
      : SKIP_REASONS.noAccessPoint;
  await queueDelivery(db, { orderNumber, document: creditNoteDocument(noteId), receiver: invoice.receiver, skipReason }, now);
  return true;
}

/** The order's credit notes, oldest first. */
export function creditNotesOfOrder(db: Db, orderNumber: string): Promise<DeliveryRow[]> {
  return db
    .selectFrom('einvoice_deliveries')
    .selectAll()
    .where('order_id', '=', orderNumber)
    .where('document', 'like', 'credit-note:%')
    .orderBy('created_at')
    .orderBy('document')
    .execute();
}
