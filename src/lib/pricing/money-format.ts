/** Price display per docs/product/storefronts.md#currency-display: SEK/NOK/DKK with 0 decimals, EUR with 2; symbol from the locale settings. */
import { currencyDigits, LOCALES, type LocaleCode } from '#lib/market/locales.ts';

const formatters = new Map<LocaleCode, Intl.NumberFormat>();

export function formatPrice(amount: number, locale: LocaleCode): string {
  const l = LOCALES[locale];
  let f = formatters.get(locale);
  if (!f) {
    const digits = currencyDigits(l.currency);
    f = new Intl.NumberFormat(l.iso, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(locale, f);
  }
  // Intl uses a narrow no-break space as group separator in sv/fi/no; keep it, it is correct typography.
  const number = f.format(amount);
  return l.currency === 'EUR' && locale === 'nl' ? `${l.currencySymbol} ${number}` : `${number} ${l.currencySymbol}`;
}

/** An amount in integer minor units (öre, øre, cent: docs/product/checkout.md) shown like formatPrice. */
export function formatMinorPrice(minor: number, locale: LocaleCode): string {
  return formatPrice(minor / 100, locale);
}
