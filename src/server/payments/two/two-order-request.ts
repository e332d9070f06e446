/**
 * The Two CreateOrderRequest (POST /v1/order) for a shop payment. Two wants every line and the order
 * split into net + tax as decimal strings, plus one tax subtotal per rate; all of it is derived from
 * the shop's VAT-inclusive minor units so that net + tax = gross exactly.
 */
import { formatMinorUnits, netFromGrossMinor } from '#lib/pricing/minor-units.ts';
import type { CreatePaymentInput, PaymentLine } from '../payment-provider.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

/** Two's buyer countries cover all five storefronts (SE, NO, DK, FI, NL: sandbox/two/two-test-data.ts). */
export const TWO_LOCALES: readonly LocaleCode[] = ['sv', 'no', 'da', 'fi', 'nl'];

const money = formatMinorUnits;
/** 25 → "0.25", 25.5 → "0.255": Two's rates are fractions. */
const rate = (percent: number) => String(Number((percent / 100).toFixed(4)));

export function createOrderBody(input: CreatePaymentInput) {
  const c = input.customer;
  if (!c.organisationNumber || !c.companyName) throw new Error('Two needs the buyer company (name and organisation number)');
  const lines = input.lines.map(lineItem);
  const address = {
    organization_name: c.companyName,
    street_address: c.street,
    postal_code: c.postalCode,
    city: c.city,
    country: c.countryCode,
  };
  return {
    currency: input.currency,
    gross_amount: money(input.amountMinor),
    net_amount: money(input.amountMinor - input.vatMinor),
    tax_amount: money(input.vatMinor),
    invoice_type: 'FUNDED_INVOICE',
    merchant_order_id: input.reference,
    merchant_reference: input.checkoutId,
    buyer: {
      company: { organization_number: c.organisationNumber, country_prefix: c.countryCode, company_name: c.companyName },
      representative: { email: c.email, first_name: c.firstName, last_name: c.lastName, phone_number: c.mobile },
    },
    line_items: lines,
    tax_subtotals: taxSubtotals(input.lines),
    billing_address: address,
    shipping_address: address,
    merchant_urls: {
      merchant_confirmation_url: input.returnUrl,
      merchant_cancel_order_url: input.cancelUrl,
      // The shop reads the status on return, so a failed verification lands on the same page.
      merchant_order_verification_failed_url: input.returnUrl,
      // Stand-in for the webhook endpoint configured in Two's webhook portal (see sandbox/README.md).
      merchant_order_callback_url: input.notificationUrl,
    },
  };
}

function lineItem(line: PaymentLine) {
  const net = line.totalMinor - line.vatMinor;
  const unitNet = netFromGrossMinor(line.unitPriceMinor, line.vatRate);
  const discount = Math.max(0, unitNet * line.quantity - net);
  const type = line.reference === 'shipping' ? 'SHIPPING_FEE' : line.totalMinor < 0 ? 'OTHER' : 'PHYSICAL';
  return {
    name: line.name,
    description: line.name,
    line_item_reference: line.reference,
    gross_amount: money(line.totalMinor),
    net_amount: money(net),
    tax_amount: money(line.vatMinor),
    discount_amount: money(discount),
    // A negative (discount) line has no list price: its net is its unit price.
    unit_price: money(line.totalMinor < 0 ? net : unitNet),
    quantity: line.totalMinor < 0 ? 1 : line.quantity,
    tax_rate: rate(line.vatRate),
    tax_class_name: `VAT ${line.vatRate}%`,
    quantity_unit: line.reference === 'shipping' ? 'sc' : 'pcs',
    type,
  };
}

/** One subtotal per VAT rate, as Two requires for the invoice's VAT summary. */
export function taxSubtotals(lines: readonly PaymentLine[]) {
  const byRate = new Map<number, { net: number; tax: number }>();
  for (const line of lines) {
    const entry = byRate.get(line.vatRate) ?? { net: 0, tax: 0 };
    entry.net += line.totalMinor - line.vatMinor;
    entry.tax += line.vatMinor;
    byRate.set(line.vatRate, entry);
  }
  return [...byRate].map(([percent, { net, tax }]) => ({ tax_rate: rate(percent), taxable_amount: money(net), tax_amount: money(tax) }));
}
