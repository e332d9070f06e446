/**
 * Back office › a credit note of an order (orders.read; docs/product/e-invoices.md#credit-notes): the Peppol BIS Billing
 * 3.0 UBL CreditNote as the buyer downloads it and the access point received it. Not found for orders without it.
 */
import type { APIRoute } from 'astro';
import { getDb } from '#server/db/connection.ts';
import { requireStaff } from '#server/staff/staff-guard.ts';
import { creditNoteOfOrder } from '#server/checkout/e-invoice-credit-notes.ts';
export const prerender = false;

export const GET: APIRoute = async (ctx) => {
  const access = await requireStaff(ctx, 'orders.read');
  if (access instanceof Response) return access;
  const note = ctx.params.note ?? '';
  const doc = /^(cancel|RMA-\d{1,20}-\d{1,4})$/.test(note) ? await creditNoteOfOrder(getDb(), ctx.params.number ?? '', note) : undefined;
  if (!doc) return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(doc.xml, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="${doc.fileName}"`,
      'cache-control': 'no-store',
    },
  });
};
