/**
 * A credit note of a business order's invoice as a Peppol BIS Billing 3.0 UBL CreditNote (route
 * checkout-invoice-id-credit-note, docs/product/e-invoices.md#credit-notes), keyed by the checkout id like the invoice:
 * only the buyer has it. Not found for another order's credit note, consumers, unknown ids and other storefronts.
 */
import type { APIRoute } from 'astro';
import { isLocaleCode } from '#lib/market/locales.ts';
import { isCheckoutIdShape } from '#lib/checkout/failure-reasons.ts';
import { getDb } from '#server/db/connection.ts';
import { creditNoteFor, isCreditNoteId } from '#server/checkout/e-invoice-credit-notes.ts';
import { documentDownload } from '#server/http/document-download.ts';

export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const { locale, id, note } = params;
  const doc =
    isLocaleCode(locale) && isCheckoutIdShape(id) && isCreditNoteId(note) ? await creditNoteFor(getDb(), locale, id, note) : undefined;
  return documentDownload(doc);
};
