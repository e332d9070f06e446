/** Small helpers shared by islands (no i18n runtime: strings come as props). */

/** A stored price (incl. VAT) with or without VAT, formatted for the storefront. */
export { formatShownPrice as money } from '#lib/pricing/shown-price.ts';

/** "{{name}}" placeholders, as in the locale files. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}

/** Product page path from the pattern the slot passes (pathFor('product', locale, { slug: '__slug__' })). */
export function productHref(pattern: string, slug: string): string {
  return pattern.replace('__slug__', encodeURIComponent(slug));
}

export const PLACEHOLDER = '/images/placeholder.svg';
