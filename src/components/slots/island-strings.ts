/** Strings the islands get as props (islands never load i18next). Server-side helper for the slots. */
import type { TFunction } from 'i18next';
import { STOCK_STATUSES } from '../../lib/catalogue';

export function stockTexts(t: TFunction): Record<string, string> {
  return Object.fromEntries(STOCK_STATUSES.map((s) => [s, t(`stock.${s}`, { defaultValue: s.replace(/-/g, ' ') }) as string]));
}
