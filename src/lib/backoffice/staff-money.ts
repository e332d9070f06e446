/**
 * Amounts as the back office shows them: always two decimals (staff reconcile to the öre and cent, unlike the
 * storefronts' whole kronor, docs/product/storefronts.md#currency-display), with the ISO currency code, in the
 * staff member's language. Pure.
 */
import type { StaffLocale } from '#lib/staff/staff-locale.ts';

const formatters = new Map<string, Intl.NumberFormat>();

export function formatStaffMoney(minor: number, currency: string, locale: StaffLocale): string {
  const key = `${locale}:${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, f);
  }
  // minor units are integers: dividing by 100 is exact to two decimals for every amount a shop handles
  return f.format(minor / 100);
}
