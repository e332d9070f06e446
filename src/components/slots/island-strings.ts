/** Strings the islands get as props (islands never load i18next). Server-side helper for the slots. */
import type { TFunction } from 'i18next';
import { STOCK_STATUSES } from '#lib/catalogue/types.ts';

export function stockTexts(t: TFunction): Record<string, string> {
  // the mini cart has no delivery dates to fill in: on-order uses its date-less text
  const key = (s: string) => (s === 'on-order' ? 'stock.on-order-nodate' : `stock.${s}`);
  return Object.fromEntries(STOCK_STATUSES.map((s) => [s, t(key(s), { defaultValue: s.replace(/-/g, ' ') }) as string]));
}
