/**
 * A business order's own invoice as a Peppol BIS Billing 3.0 UBL document (docs/adr/0033-e-invoices.md), from the same
 * order snapshot as the printable invoice (own-invoice.ts). Consumers have no Peppol address: only an order placed by
 * a business, with an organisation number that passes its country's check, has one.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { INVOICE_TERMS_DAYS } from '#lib/payments/invoice-due-date.ts';
import { defaultEndpoint, registrationId } from '#lib/einvoice/peppol-identifiers.ts';
import { ublInvoice } from '#lib/einvoice/ubl-invoice.ts';
import { ownInvoiceFor, type OwnInvoice } from './own-invoice.ts';

/** Whether an own invoice can be sent as an e-invoice: a business buyer with a valid organisation number. */
export function eInvoiceable(locale: LocaleCode, invoice: OwnInvoice): boolean {
  const b = invoice.buyer;
  return b.type === 'business' && !!b.company_name && !!registrationId(locale, b.organisation_number ?? '');
}

/** The UBL document and its file name, or undefined when the checkout has no business own-invoice order. */
export async function eInvoiceFor(db: Db, locale: LocaleCode, checkoutId: string): Promise<{ xml: string; fileName: string } | undefined> {
  const invoice = await ownInvoiceFor(db, locale, checkoutId);
  if (!invoice || !eInvoiceable(locale, invoice)) return undefined;
  const b = invoice.buyer;
  const org = b.organisation_number!;
  const person = [b.first_name, b.last_name].filter(Boolean).join(' ');
  const t = translator(locale);
  const xml = ublInvoice({
    number: invoice.number,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currency: invoice.totals.currency,
    buyerReference: person || invoice.number,
    seller: { name: invoice.seller.legalName, vatNumber: invoice.seller.vatNumber, party: invoice.seller.einvoice },
    buyer: {
      name: b.company_name!,
      registration: registrationId(locale, org)!,
      endpoint: defaultEndpoint(locale, org)!,
      street: b.street ?? '',
      postalCode: b.postal_code ?? '',
      city: b.city ?? '',
      countryCode: LOCALES[locale].countryCode,
      contact: { name: person || undefined, email: b.email || undefined },
    },
    paymentId: invoice.reference.reference,
    paymentTerms: t('invoice.e_invoice_terms', { days: INVOICE_TERMS_DAYS[locale] }),
    lines: invoice.lines.map((l) => ({ sku: l.sku, name: l.name, quantity: l.quantity, totalMinor: l.total_minor, vatRate: l.vat_rate })),
    rates: invoice.totals.vat_breakdown.map((r) => ({
      rate: r.rate,
      netMinor: r.net_minor,
      vatMinor: r.vat_minor,
      grossMinor: r.gross_minor,
    })),
    shippingName: t('checkout.totals.shipping'),
  });
  return { xml, fileName: `invoice-${invoice.number}.xml` };
}
