/**
 * The invoice document of an order paid by the shop's own invoice (docs/product/checkout.md#invoice-document),
 * from the order snapshot: the invoice number is the order number (sequential and unique), issued on the
 * order day in the storefront's time zone, due after the storefront's payment terms. Keyed by the
 * checkout id like the confirmation: only the shopper's browser (and the confirmation e-mail) has it.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CheckoutCustomer, CheckoutTotals } from '#lib/api/checkout-contracts.ts';
import { orderDay } from '#lib/checkout/order-dates.ts';
import { invoiceDueDate } from '#lib/payments/invoice-due-date.ts';
import { SELLERS, type SellerDetails } from '#lib/payments/seller-details.ts';
import { parseOrderDetails, type OrderCompany, type OrderLineDetail } from '#server/orders/order-details.ts';
import { orderOfCheckout } from '#server/orders/order-reads.ts';

export interface OwnInvoice {
  number: string;
  issueDate: string; // YYYY-MM-DD
  dueDate: string;
  seller: SellerDetails;
  buyer: Partial<CheckoutCustomer>;
  /** The company the order was placed for, as it was then: the buyer party of its e-invoice (ADR 0033). */
  company?: OrderCompany;
  lines: OrderLineDetail[];
  totals: CheckoutTotals;
  /** The payment reference: its scheme, as printed, and as the bank takes it. */
  reference: { scheme: string; display: string; reference: string };
}

export async function ownInvoiceFor(db: Db, locale: LocaleCode, checkoutId: string): Promise<OwnInvoice | undefined> {
  const row = await orderOfCheckout(db, checkoutId, locale);
  if (!row) return undefined;
  const d = parseOrderDetails(row.details);
  if (!d.invoice_reference) return undefined; // paid through a provider: the provider issues what the buyer gets
  const issueDate = orderDay(row.created_at, locale).toISOString().slice(0, 10);
  return {
    number: row.id,
    issueDate,
    dueDate: invoiceDueDate(issueDate, locale),
    seller: SELLERS[locale],
    buyer: d.customer,
    ...(d.company ? { company: d.company } : {}),
    lines: d.lines,
    totals: d.totals,
    reference: { scheme: d.invoice_reference.scheme, display: d.invoice_reference.display, reference: d.invoice_reference.reference },
  };
}
