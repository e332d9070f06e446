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
  const discounted = pct > 0 ? d.amount * (1 - Math.min(pct, 100) / 100) : d.amount;
  const before = pct > 0 ? Math.max(d.amount, d.ordinary ?? 0) : d.ordinary;
  const amount = formatPrice(displayAmount(discounted, d.vat, showVat, currency), locale);
  return before !== undefined && before > discounted
    ? { amount, ordinary: formatPrice(displayAmount(before, d.vat, showVat, currency), locale) }
    : { amount };
}
