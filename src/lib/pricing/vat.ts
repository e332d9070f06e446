/**
 * VAT display and rounding (docs/product/pricing-and-vat.md): stored prices include VAT. Shown with VAT they are rounded to the
 * currency's digits (SEK/NOK/DKK 0, EUR 2); shown without VAT they are divided by the VAT factor and
 * rounded to 2 decimals.
 */
import { currencyDigits, type Locale } from '#lib/market/locales.ts';

export function roundTo(value: number, digits: number): number {
  const f = 10 ** digits;
  // Number.EPSILON nudge: 1.005 → 1.01, as a shopper expects, not 1.00.
  return Math.round((value + Math.sign(value) * Number.EPSILON) * f) / f;
}

export function vatFactor(vatPercent: number): number {
  return 1 + vatPercent / 100;
}

export function excludeVat(priceInclVat: number, vatPercent: number): number {
  return priceInclVat / vatFactor(vatPercent);
}

/** The amount to show for a stored (incl. VAT) price, per the VAT display flag (true = incl. VAT). */
export function displayAmount(priceInclVat: number, vatPercent: number, showVat: boolean, currency: Locale['currency']): number {
  return showVat ? roundTo(priceInclVat, currencyDigits(currency)) : roundTo(excludeVat(priceInclVat, vatPercent), 2);
}

/** VAT contained in a price that includes VAT. */
export function vatPortion(priceInclVat: number, vatPercent: number): number {
  return priceInclVat - excludeVat(priceInclVat, vatPercent);
}
