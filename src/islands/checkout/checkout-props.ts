/**
 * What the checkout page hands its island (JSON in #pf-checkout-props, built by
 * src/components/checkout/checkout-island-props.ts): strings from src/locales (islands never load
 * i18next), public paths from the route table, and the storefront settings the island needs.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import type svStrings from '#locales/sv.json';
import type { CartLineStrings } from '#islands/CartLine.tsx';

/** The `checkout` block of a locale file (all five have the same keys). */
export type CheckoutStrings = (typeof svStrings)['checkout'];

/** Strings the checkout shares with the mini cart: those of a line. */
export type SharedStrings = CartLineStrings;

export interface CheckoutPaths {
  /** pathFor('checkout-id', locale, { id: '__id__' }) */
  checkout: string;
  /** pathFor('checkout-confirmation-id', locale, { id: '__id__' }) */
  confirmation: string;
  /** pathFor('product', locale, { slug: '__slug__' }) */
  product: string;
  home: string;
}

export interface CheckoutProps {
  locale: LocaleCode;
  /** The id in the page path, or null on /checkout (a checkout is opened from the cart). */
  id: string | null;
  t: CheckoutStrings;
  shared: SharedStrings;
  paths: CheckoutPaths;
  allowExVAT: boolean;
}

export const withId = (pattern: string, id: string) => pattern.replace('__id__', encodeURIComponent(id));
