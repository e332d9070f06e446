/**
 * A stored price (incl. VAT) as the shopper sees it: with or without VAT (vat.ts displayAmount), formatted
 * like formatPrice. Its own module, not money-format.ts: that one is in every page's script, this one only
 * in the islands mounted on demand (docs/adr/0005-islands-and-client-state.md).
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { formatPrice } from './money-format.ts';
import { displayAmount } from './vat.ts';

export function formatShownPrice(amountInclVat: number, vatPercent: number, showVat: boolean, locale: LocaleCode): string {
  return formatPrice(displayAmount(amountInclVat, vatPercent, showVat, LOCALES[locale].currency), locale);
}
