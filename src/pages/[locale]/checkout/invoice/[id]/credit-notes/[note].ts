/**
 * A credit note of a business order's invoice as a Peppol BIS Billing 3.0 UBL CreditNote (route
 * checkout-invoice-id-credit-note, docs/product/e-invoices.md#credit-notes), keyed by the checkout id like the invoice:
 * only the buyer has it. Not found for another order's credit note, consumers, unknown ids and other storefronts.
 */
import type { APIRoute } from 'astro';
import { isLocaleCode } from '#lib/market/locales.ts';
import { isCheckoutIdShape } from '#lib/checkout/failure-reasons.ts';
import { getDb } from '#server/db/connection.ts';
import { creditNoteFor } from '#server/checkout/e-invoice-credit-notes.ts';

export const prerender = false;

/** `cancel` or an RMA number. */
const NOTE_ID = /^(cancel|RMA-\d{1,20}-\d{1,4})$/;

export const GET: APIRoute = async ({ params }) => {
  const { locale, id, note } = params;
  const doc =
    isLocaleCode(locale) && isCheckoutIdShape(id) && NOTE_ID.test(note ?? '') ? await creditNoteFor(getDb(), locale, id, note!) : undefined;
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
