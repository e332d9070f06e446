/**
 * A business order's own invoice as a Peppol BIS Billing 3.0 UBL document (docs/adr/0033-e-invoices.md), from the same
 * order snapshot as the printable invoice (own-invoice.ts). Consumers have no Peppol address: only an order placed by
 * a business, with an organisation number that passes its country's check, has one. A company order's buyer is the
 * company as the order keeps it (orders.details.company; docs/product/e-invoices.md#the-buyer).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { INVOICE_TERMS_DAYS } from '#lib/payments/invoice-due-date.ts';
import { parseParticipantId, type PartyId } from '#lib/einvoice/peppol-identifiers.ts';
import { buyerIdentity, type BuyerIdentity } from '#lib/einvoice/buyer-party.ts';
import { deliveryOf } from '#server/einvoice/delivery-queue.ts';
import { ublInvoice, type EInvoice } from '#lib/einvoice/ubl-invoice.ts';
import { isLocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { orderRow } from '#server/orders/order-reads.ts';
import { ownInvoiceFor, type OwnInvoice } from './own-invoice.ts';

/**
 * The buyer party of an own invoice: the order's company snapshot for a company order, else the business the shopper
 * typed at checkout; undefined for a consumer or an organisation number that fails its country's check.
 */
export function invoiceBuyer(locale: LocaleCode, invoice: OwnInvoice): BuyerIdentity | undefined {
  const co = invoice.company;
  if (co)
    return buyerIdentity(locale, {
      name: co.name,
      organisationNumber: co.organisation_number,
      vatNumber: co.vat_number,
      peppolId: co.peppol_id,
      invoiceReference: co.invoice_reference,
    });
  const b = invoice.buyer;
  if (b.type !== 'business' || !b.company_name) return undefined;
  return buyerIdentity(locale, { name: b.company_name, organisationNumber: b.organisation_number ?? '' });
}

/** Whether an own invoice can be sent as an e-invoice: a business buyer with a valid organisation number. */
export const eInvoiceable = (locale: LocaleCode, invoice: OwnInvoice): boolean => !!invoiceBuyer(locale, invoice);

/**
 * The invoice's content for the UBL document, or undefined when the checkout has no business own-invoice order.
 * `endpoint`: the buyer's Peppol address the document is delivered to (docs/adr/0037-einvoice-delivery.md); by default
 * the one its delivery was queued to, so the download is the document sent; else the buyer party's own.
 */
export async function eInvoiceContent(
  db: Db,
  locale: LocaleCode,
  checkoutId: string,
  endpoint?: PartyId,
): Promise<{ invoice: OwnInvoice; content: EInvoice } | undefined> {
  const invoice = await ownInvoiceFor(db, locale, checkoutId);
  const party = invoice && invoiceBuyer(locale, invoice);
  if (!invoice || !party) return undefined;
  const b = invoice.buyer;
  endpoint ??= await deliveredEndpoint(db, invoice.number);
  const person = [b.first_name, b.last_name].filter(Boolean).join(' ');
  const t = translator(locale);
  const content: EInvoice = {
    number: invoice.number,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currency: invoice.totals.currency,
    // BT-10: the company's standing reference, else the person who ordered, else the invoice number (never empty)
    buyerReference: party.reference || person || invoice.number,
    seller: { name: invoice.seller.legalName, vatNumber: invoice.seller.vatNumber, party: invoice.seller.einvoice },
    buyer: {
      name: party.name,
      registration: party.registration,
      endpoint: endpoint ?? party.endpoint,
      ...(party.vatNumber ? { vatNumber: party.vatNumber } : {}),
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
  };
  return { invoice, content };
}

/** The UBL document and its file name, or undefined when the checkout has no business own-invoice order. */
export async function eInvoiceFor(
  db: Db,
  locale: LocaleCode,
  checkoutId: string,
  endpoint?: PartyId,
): Promise<{ xml: string; fileName: string } | undefined> {
  const found = await eInvoiceContent(db, locale, checkoutId, endpoint);
  return found && { xml: ublInvoice(found.content), fileName: `invoice-${found.invoice.number}.xml` };
}

/** The Peppol address an order's invoice was queued to, if any. */
async function deliveredEndpoint(db: Db, orderNumber: string): Promise<PartyId | undefined> {
  const parsed = parseParticipantId((await deliveryOf(db, orderNumber, 'invoice'))?.receiver ?? '');
  return parsed.ok ? parsed.value : undefined;
}

/** An order's e-invoice by its number (the back office: staff see every order), or undefined when it has none. */
export async function eInvoiceOfOrder(
  db: Db,
  orderNumber: string,
  endpoint?: PartyId,
): Promise<{ xml: string; fileName: string } | undefined> {
  const row = await orderRow(db, orderNumber);
  if (!row?.checkout_id || !isLocaleCode(row.locale)) return undefined;
  return eInvoiceFor(db, row.locale, row.checkout_id, endpoint);
}

/** An order's e-invoice facts (a business own-invoice order): its storefront, checkout, invoice and buyer party; else undefined. */
export async function eInvoiceBuyerOfOrder(
  db: Db,
  orderNumber: string,
): Promise<{ locale: LocaleCode; checkoutId: string; invoice: OwnInvoice; party: BuyerIdentity } | undefined> {
  const row = await orderRow(db, orderNumber);
  if (!row?.checkout_id || !isLocaleCode(row.locale)) return undefined;
  const invoice = await ownInvoiceFor(db, row.locale, row.checkout_id);
  const party = invoice && invoiceBuyer(row.locale, invoice);
  return party ? { locale: row.locale, checkoutId: row.checkout_id, invoice: invoice!, party } : undefined;
}

/** Whether an order has an e-invoice (the back office's order page links it). */
export const orderHasEInvoice = async (db: Db, orderNumber: string): Promise<boolean> => !!(await eInvoiceBuyerOfOrder(db, orderNumber));

/** Where the account's order page links its e-invoice (the checkout's own path), or undefined when it has none. */
export async function eInvoicePathOfOrder(db: Db, locale: LocaleCode, orderNumber: string): Promise<string | undefined> {
  const found = await eInvoiceBuyerOfOrder(db, orderNumber);
  return found?.locale === locale ? pathFor('checkout-invoice-id-ubl', locale, { id: found.checkoutId }) : undefined;
}
