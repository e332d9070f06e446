/**
 * Back office › a credit note of an order (orders.read; docs/product/e-invoices.md#credit-notes): the Peppol BIS Billing
 * 3.0 UBL CreditNote as the buyer downloads it and the access point received it. Not found for orders without it.
 */
import type { APIRoute } from 'astro';
import { getDb } from '#server/db/connection.ts';
import { requireStaff } from '#server/staff/staff-guard.ts';
import { creditNoteOfOrder, isCreditNoteId } from '#server/checkout/e-invoice-credit-notes.ts';
import { documentDownload } from '#server/http/document-download.ts';
export const prerender = false;

export const GET: APIRoute = async (ctx) => {
  const access = await requireStaff(ctx, 'orders.read');
  if (access instanceof Response) return access;
  const note = ctx.params.note;
  return documentDownload(isCreditNoteId(note) ? await creditNoteOfOrder(getDb(), ctx.params.number ?? '', note) : undefined);
};
