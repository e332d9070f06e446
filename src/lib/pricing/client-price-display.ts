/** Client-side price re-render of static prices (Price.astro data-* contract): VAT mode and customer discount. */
import type { LocaleCode } from '#lib/market/locales.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { formatPrice } from './money-format.ts';
import { displayAmount } from './vat.ts';

export interface PriceData {
  amount: number;
  vat: number;
  ordinary?: number;
  discountCategory?: string;
  /** A company member's price-list (net) price incl. VAT: the lower of it and the discounted price shows (docs/adr/0035-company-prices.md). */
  net?: number;
}

/** What one static price shows: current amount, and the struck-through one when lower than it. */
export function renderPrice(
  d: PriceData,
  locale: LocaleCode,
  showVat: boolean,
  customer: Record<string, number> = {},
): { amount: string; ordinary?: string } {
  const currency = LOCALES[locale].currency;
  const pct = d.discountCategory ? (customer[d.discountCategory] ?? 0) : 0;
  const byPercent = pct > 0 ? d.amount * (1 - Math.min(pct, 100) / 100) : d.amount;
  // the best single price, never a net price discounted again
  const discounted = d.net !== undefined && d.net >= 0 && d.net < byPercent ? d.net : byPercent;
  const before = discounted < d.amount ? Math.max(d.amount, d.ordinary ?? 0) : d.ordinary;
  const amount = formatPrice(displayAmount(discounted, d.vat, showVat, currency), locale);
  return before !== undefined && before > discounted
    ? { amount, ordinary: formatPrice(displayAmount(before, d.vat, showVat, currency), locale) }
    : { amount };
}
