/**
 * When and to whom an order's e-invoice is delivered (docs/product/e-invoices.md#delivery, docs/adr/0037-einvoice-delivery.md):
 * the invoice is issued when the business order is placed with the shop's own invoice (its issue date is the order
 * day), so its delivery is queued in the completing transaction, to the buyer company's Peppol participant id: a company
 * order's from its snapshot (docs/product/company-accounts.md#orders). Without one, or without an access point, the delivery is
 * recorded as skipped with the reason; staff can send it again from the order page once that has changed.
 */
import type { Db } from '#server/db/connection.ts';
import { parseParticipantId } from '#lib/einvoice/peppol-identifiers.ts';
import { participantIdOf } from '#lib/einvoice/buyer-party.ts';
import { SKIP_REASONS } from '#lib/einvoice/delivery-status.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { orderRow } from '#server/orders/order-reads.ts';
import type { OrderDetails } from '#server/orders/order-details.ts';
import { membershipOf } from '#server/company/company-accounts.ts';
import { accessPointConfig } from '#server/einvoice/access-point-config.ts';
import {
  creditNoteIdOf,
  deliveryOf,
  queueDelivery,
  requeueDelivery,
  type DeliveryRequest,
  type EDocument,
} from '#server/einvoice/delivery-queue.ts';
import { kickEInvoiceDelivery } from '#server/einvoice/einvoice-worker.ts';
import type { RenderDocument } from '#server/einvoice/deliver-einvoices.ts';
import { eInvoiceBuyerOfOrder, eInvoiceOfOrder } from './e-invoice.ts';
import { creditNoteOfOrder } from './e-invoice-credit-notes.ts';

/**
 * Where the order's invoice goes, or the reason it does not: only to a Peppol id a company gave (ADR 0037; the
 * organisation-number fallback addresses the document but promises no Peppol registration). A company order: its
 * snapshot's Peppol id, which is the document's buyer EndpointID; on staff's "send again" (`current`) the company's
 * Peppol id as it is now when it has one, so a corrected address is used. Other business orders: the Peppol id of the
 * company their customer buys for in that storefront, if any.
 */
async function deliveryRequest(db: Db, orderNumber: string, current = false): Promise<DeliveryRequest | undefined> {
  const found = await eInvoiceBuyerOfOrder(db, orderNumber);
  if (!found) return undefined;
  const company = found.invoice.company;
  let peppolId: string | null | undefined;
  if (company) peppolId = (current && (await currentPeppolId(db, company.id))) || company.peppol_id;
  else {
    const row = (await orderRow(db, orderNumber))!;
    const member = row.customer_id !== null ? await membershipOf(db, row.customer_id) : undefined;
    peppolId = member?.company.locale === found.locale ? member.company.peppolId : null;
  }
  const parsed = parseParticipantId(peppolId ?? '');
  const receiver = parsed.ok ? participantIdOf(parsed.value) : null;
  const skipReason = !receiver ? SKIP_REASONS.noParticipantId : accessPointConfig() ? null : SKIP_REASONS.noAccessPoint;
  return { orderNumber, document: 'invoice', receiver, skipReason };
}

/** The company's Peppol id now (its row read here, as the returns' are for credit notes: company/ is a lower layer). */
async function currentPeppolId(db: Db, companyId: string): Promise<string | null | undefined> {
  return (await db.selectFrom('companies').select('peppol_id').where('id', '=', companyId).executeTakeFirst())?.peppol_id;
}

/**
 * In the completing transaction: the order's invoice queued for delivery (or skipped), once; nothing for other orders.
 * `details`: the snapshot just written, so an order that cannot have an e-invoice costs no further read.
 */
export async function queueEInvoiceDelivery(db: Db, orderNumber: string, details?: OrderDetails, now = new Date()): Promise<void> {
  if (details && (!details.invoice_reference || (details.customer.type !== 'business' && !details.company))) return;
  const request = await deliveryRequest(db, orderNumber);
  if (request) await queueDelivery(db, request, now);
}

/**
 * Staff's "send again" (the back office's order page) of the invoice or one of its credit notes, to the company's
 * Peppol id as it is now: false when it is already on its way.
 */
export async function sendEInvoiceAgain(db: Db, orderNumber: string, document: EDocument = 'invoice', now = new Date()): Promise<boolean> {
  const request = await deliveryRequest(db, orderNumber, true);
  if (!request) throw new NotFoundError(`Order ${orderNumber} has no e-invoice`, 'number');
  if (document !== 'invoice' && !(await deliveryOf(db, orderNumber, document)))
    throw new NotFoundError(`Order ${orderNumber} has no ${document}`, 'document');
  const changed = await requeueDelivery(db, { ...request, document }, now);
  if (changed) kickEInvoiceDelivery(db);
  return changed;
}

/** The worker's renderer (wired by the host): the document the account and the back office download, to `receiver`. */
export const renderEInvoice: RenderDocument = async (db, orderNumber, document, receiver) => {
  const note = creditNoteIdOf(document);
  return (note ? await creditNoteOfOrder(db, orderNumber, note, receiver) : await eInvoiceOfOrder(db, orderNumber, receiver))?.xml;
};
