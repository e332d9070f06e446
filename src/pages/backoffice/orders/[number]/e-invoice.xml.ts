/**
 * Back office › an order's e-invoice (orders.read; docs/adr/0033-e-invoices.md): the business order's invoice as a
 * Peppol BIS Billing 3.0 UBL document, as the buyer downloads it. Not found for orders without one.
 */
import type { APIRoute } from 'astro';
import { getDb } from '#server/db/connection.ts';
import { requireStaff } from '#server/staff/staff-guard.ts';
import { eInvoiceOfOrder } from '#server/checkout/e-invoice.ts';
export const prerender = false;

export const GET: APIRoute = async (ctx) => {
  const access = await requireStaff(ctx, 'orders.read');
  if (access instanceof Response) return access;
  const doc = await eInvoiceOfOrder(getDb(), ctx.params.number ?? '');
  if (!doc) return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(doc.xml, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="${doc.fileName}"`,
      'cache-control': 'no-store',
    },
  });
};
