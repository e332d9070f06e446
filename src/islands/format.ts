/** Small helpers shared by islands (no i18n runtime: strings come as props). */
import type { LocaleCode } from '#lib/market/locales.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { formatPrice } from '#lib/pricing/money-format.ts';
import { displayAmount } from '#lib/pricing/vat.ts';

/** "{{name}}" placeholders, as in the locale files. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

export function money(amountInclVat: number, vat: number, showVat: boolean, locale: LocaleCode): string {
  return formatPrice(displayAmount(amountInclVat, vat, showVat, LOCALES[locale].currency), locale);
}

/** Product page path from the pattern the slot passes (pathFor('product', locale, { slug: '__slug__' })). */
export function productHref(pattern: string, slug: string): string {
  return pattern.replace('__slug__', encodeURIComponent(slug));
}

export const PLACEHOLDER = '/images/placeholder.svg';
