/**
 * Free shipping: from this goods total (incl. VAT, after discounts) the standard home and service
 * point options cost nothing, in every zone; express is never free. The top bar's promise and the
 * checkout must both read this constant, so the promise can never differ from what we charge.
 */
import type { LocaleCode } from '#lib/market/locales.ts';

/** sv 499 kr, no 599 kr, da 449 kr, fi 49 €, nl 49 €, in minor units. */
export const FREE_SHIPPING_THRESHOLD_MINOR: Readonly<Record<LocaleCode, number>> = {
  sv: 49_900,
  no: 59_900,
  da: 44_900,
  fi: 4_900,
  nl: 4_900,
};

export function qualifiesForFreeShipping(locale: LocaleCode, goodsTotalMinor: number): boolean {
  return goodsTotalMinor >= FREE_SHIPPING_THRESHOLD_MINOR[locale];
}

/** What is left to spend for free shipping ("99 kr kvar till fri frakt"); 0 once reached. */
export function amountLeftForFreeShippingMinor(locale: LocaleCode, goodsTotalMinor: number): number {
  return Math.max(0, FREE_SHIPPING_THRESHOLD_MINOR[locale] - goodsTotalMinor);
}

/**
 * The promise applied to a processor's price: from the threshold every option but express costs 0.
 * An external processor's own (lower) price is kept; a higher one never breaks the top bar's promise.
 */
export function priceWithinPromise(locale: LocaleCode, goodsTotalMinor: number, kind: string, priceMinor: number): number {
  return kind !== 'express' && qualifiesForFreeShipping(locale, goodsTotalMinor) ? 0 : priceMinor;
}
