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
import { documentDownload } from '#server/http/document-download.ts';

export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const { locale, id } = params;
  const doc = isLocaleCode(locale) && isCheckoutIdShape(id) ? await eInvoiceFor(getDb(), locale, id) : undefined;
  return documentDownload(doc);
};
