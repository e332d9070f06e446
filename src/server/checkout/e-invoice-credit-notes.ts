/**
 * A business order's credit notes as Peppol BIS Billing 3.0 UBL CreditNotes (docs/product/e-invoices.md#credit-notes):
 * `cancel` credits the whole invoice of a cancelled order, an RMA the units of that refunded return at what it
 * refunded. Each references the invoice (BillingReference). A credit note exists once its delivery row does (queued
 * when the order is cancelled or the return refunded): its issue date is that row's day in the storefront's time zone.
 */
import type { Db } from '#server/db/connection.ts';
import { isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';
import { orderDay } from '#lib/checkout/order-dates.ts';
import { returnCredit, type CreditNoteContent } from '#lib/einvoice/credit-note-lines.ts';
import { ublCreditNote } from '#lib/einvoice/ubl-invoice.ts';
import type { PartyId } from '#lib/einvoice/peppol-identifiers.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { orderRow } from '#server/orders/order-reads.ts';
import { creditNoteDocument, creditNoteIdOf, creditNotesOfOrder, deliveryOf } from '#server/einvoice/delivery-queue.ts';
import { eInvoiceContent } from './e-invoice.ts';

/** A credit note's id in its download path: `cancel` or the refunded return's RMA number. */
export const isCreditNoteId = (id: string | undefined): id is string => /^(cancel|RMA-\d{1,20}-\d{1,4})$/.test(id ?? '');

/** The credit note's number: CN- and the order number (a cancellation) or the return's ("RMA-1001007-2" → "CN-1001007-2"). */
export const creditNoteNumber = (orderNumber: string, noteId: string): string =>
  noteId === 'cancel' ? `CN-${orderNumber}` : `CN-${noteId.replace(/^RMA-/, '')}`;

/** What the credit note credits, or undefined when the order is not (or no longer) in that state. */
async function credited(db: Db, orderNumber: string, noteId: string, invoice: CreditNoteContent): Promise<CreditNoteContent | undefined> {
  if (noteId === 'cancel')
    return (await orderRow(db, orderNumber))?.status === 'cancelled' ? { lines: invoice.lines, rates: invoice.rates } : undefined;
  // The return's own row (returns/ sits beside checkout/ in the layers: read, not imported).
  const r = await db
    .selectFrom('order_returns')
    .select(['lines', 'refund_goods_minor', 'refund_shipping_minor', 'status'])
    .where('id', '=', noteId)
    .where('order_id', '=', orderNumber)
    .executeTakeFirst();
  if (!r || r.status !== 'refunded') return undefined;
  const lines = JSON.parse(r.lines) as { line: number; quantity: number }[];
  return returnCredit(invoice.lines, { lines, goodsMinor: r.refund_goods_minor, shippingMinor: r.refund_shipping_minor });
}

/** The credit note `noteId` of the checkout's order as UBL and its file name, or undefined when it has none such. */
export async function creditNoteFor(
  db: Db,
  locale: LocaleCode,
  checkoutId: string,
  noteId: string,
  endpoint?: PartyId,
): Promise<{ xml: string; fileName: string } | undefined> {
  const found = await eInvoiceContent(db, locale, checkoutId, endpoint);
  if (!found) return undefined;
  const { invoice, content } = found;
  const row = await deliveryOf(db, invoice.number, creditNoteDocument(noteId));
  if (!row) return undefined;
  const what = await credited(db, invoice.number, noteId, content);
  if (!what) return undefined;
  const number = creditNoteNumber(invoice.number, noteId);
  const { dueDate: _due, paymentTerms: _terms, paymentId: _id, ...rest } = content;
  const xml = ublCreditNote({
    ...rest,
    ...what,
    number,
    issueDate: orderDay(row.created_at, locale).toISOString().slice(0, 10),
    invoice: { number: content.number, issueDate: content.issueDate },
  });
  return { xml, fileName: `credit-note-${number}.xml` };
}

/** An order's credit note by its number (the back office and the delivery worker). */
export async function creditNoteOfOrder(
  db: Db,
  orderNumber: string,
  noteId: string,
  endpoint?: PartyId,
): Promise<{ xml: string; fileName: string } | undefined> {
  const row = await orderRow(db, orderNumber);
  if (!row?.checkout_id || !isLocaleCode(row.locale)) return undefined;
  return creditNoteFor(db, row.locale, row.checkout_id, noteId, endpoint);
}

export interface CreditNoteLink {
  id: string;
  number: string;
  /** The download under the checkout's own path (only the buyer has it). */
  href: string;
}

/** The order's credit notes for the account's order page (the storefront's own paths), none for another storefront. */
export async function creditNoteLinksForAccount(db: Db, locale: LocaleCode, orderNumber: string): Promise<CreditNoteLink[]> {
  const row = await orderRow(db, orderNumber);
  if (!row?.checkout_id || row.locale !== locale) return [];
  const checkoutId = row.checkout_id;
  return (await creditNotesOfOrder(db, orderNumber)).flatMap((r) => {
    const id = creditNoteIdOf(r.document);
    return id
      ? [
          {
            id,
            number: creditNoteNumber(orderNumber, id),
            href: pathFor('checkout-invoice-id-credit-note', locale, { id: checkoutId, note: id }),
          },
        ]
      : [];
  });
}
