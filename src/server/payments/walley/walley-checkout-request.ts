/**
 * The Initialize Checkout body (POST /checkouts) for a shop payment. Walley takes decimal amounts
 * incl. VAT per unit; a discounted line whose total is not unit × quantity is sent as one unit
 * carrying the line total, so the cart sums to exactly what the shop charges.
 */
import { formatMinorUnits } from '#lib/pricing/minor-units.ts';
import type { CreatePaymentInput, PaymentLine } from '../payment-provider.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

/** Walley markets: one store id per country (Walley sells no Dutch invoice). */
const MARKET: Partial<Record<LocaleCode, string>> = { sv: 'SE', no: 'NO', da: 'DK', fi: 'FI' };

/** The storefronts Walley can serve (its market list); the configuration's store ids pick from these. */
export const WALLEY_LOCALES = Object.keys(MARKET) as LocaleCode[];

export interface WalleyStoreConfig {
  storeIds: Partial<Record<LocaleCode, number>>;
  merchantTermsUri: string;
}

export interface WalleyItem {
  id: string;
  description: string;
  unitPrice: number;
  quantity: number;
  vat: number;
}

export function initCheckoutBody(input: CreatePaymentInput, config: WalleyStoreConfig) {
  const countryCode = MARKET[input.locale];
  const storeId = config.storeIds[input.locale];
  if (!countryCode || storeId === undefined) throw new Error(`Walley has no store for locale ${input.locale}`);
  const shipping = input.lines.find((l) => l.reference === 'shipping');
  const items = input.lines.filter((l) => l !== shipping).map(toItem);
  return {
    storeId,
    countryCode,
    reference: input.reference,
    // Walley fills the placeholders in before it redirects / notifies.
    redirectPageUri: withParam(input.returnUrl, 'walley_token', '{checkout.publictoken}'),
    checkoutAbortedRedirectPageUri: input.cancelUrl,
    merchantTermsUri: config.merchantTermsUri,
    notificationUri: withParam(input.notificationUrl, 'privateId', '{checkout.id}'),
    cart: { items },
    ...(shipping ? { fees: { shipping: toFee(shipping) } } : {}),
    privateCustomerPrefill: {
      email: input.customer.email,
      mobilePhoneNumber: input.customer.mobile,
      deliveryAddress: {
        firstName: input.customer.firstName,
        lastName: input.customer.lastName,
        address: input.customer.street,
        postalCode: input.customer.postalCode,
        city: input.customer.city,
      },
    },
  };
}

function toItem(line: PaymentLine): WalleyItem {
  const even = line.unitPriceMinor * line.quantity === line.totalMinor;
  return {
    id: line.reference.slice(0, 50),
    description: (even ? line.name : `${line.quantity} × ${line.name}`).slice(0, 50),
    unitPrice: amount(even ? line.unitPriceMinor : line.totalMinor),
    quantity: even ? line.quantity : 1,
    vat: line.vatRate,
  };
}

/** A fee has no quantity: the shipping line's total is its unit price. */
function toFee(line: PaymentLine) {
  return { id: line.reference, description: line.name.slice(0, 50), unitPrice: amount(line.totalMinor), vat: line.vatRate };
}

/** Minor units → Walley's decimal amount (1999 → 19.99). */
export function amount(minor: number): number {
  return Number(formatMinorUnits(minor));
}

/** Appends a query parameter without encoding the value, so Walley's `{…}` placeholders survive. */
function withParam(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${value}`;
}
