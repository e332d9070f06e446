/**
 * Back office › an order's e-invoice (orders.read; docs/adr/0033-e-invoices.md): the business order's invoice as a
 * Peppol BIS Billing 3.0 UBL document, as the buyer downloads it. Not found for orders without one.
 */
import type { APIRoute } from 'astro';
import { getDb } from '#server/db/connection.ts';
import { requireStaff } from '#server/staff/staff-guard.ts';
import { eInvoiceOfOrder } from '#server/checkout/e-invoice.ts';
import { documentDownload } from '#server/http/document-download.ts';
export const prerender = false;

export const GET: APIRoute = async (ctx) => {
  const access = await requireStaff(ctx, 'orders.read');
  if (access instanceof Response) return access;
  return documentDownload(await eInvoiceOfOrder(getDb(), ctx.params.number ?? ''));
};
