/**
 * A business order's invoice as a Peppol BIS Billing 3.0 UBL document (route checkout-invoice-id-ubl,
 * docs/adr/0033-e-invoices.md), keyed by the checkout id like the printable invoice. Not found for consumers,
 * provider-paid orders, unknown ids and other storefronts; never cached.
 */
import type { APIRoute } from 'astro';
import { isLocaleCode } from '#lib/market/locales.ts';
import { isCheckoutIdShape } from '#lib/checkout/failure-reasons.ts';
import { getDb } from '#server/db/connection.ts';
import { eInvoiceFor } from '#server/checkout/e-invoice.ts';

export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const { locale, id } = params;
  const doc = isLocaleCode(locale) && isCheckoutIdShape(id) ? await eInvoiceFor(getDb(), locale, id) : undefined;
  if (!doc)
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  return new Response(doc.xml, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="${doc.fileName}"`,
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
    },
  });
};
