/** Recently viewed products and breadcrumb history (docs/product/client-state.md). */
import type { Thumb } from '#lib/catalogue/types.ts';

export const RECENTLY_VIEWED_MAX = 5;
export const BREADCRUMB_HISTORY_MAX = 5;

export interface RecentlyViewed {
  sku: string;
  name: string;
  url: string;
  thumb: Thumb | null;
  images?: { thumb?: Thumb | null };
}
export interface HistoryEntry {
  name: string;
  target: string;
}

/** Newest first; a sku already present is not added again; the oldest drops past 5. */
export function addRecentlyViewed(list: readonly RecentlyViewed[], item: RecentlyViewed): RecentlyViewed[] {
  if (list.some((x) => x.sku === item.sku)) return [...list];
  return [item, ...list].slice(0, RECENTLY_VIEWED_MAX);
}

/** Skipped when its target equals the previous entry's; only the last 5 are kept. */
export function pushHistory(list: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  if (list.length && list[list.length - 1].target === entry.target) return [...list];
  return [...list, entry].slice(-BREADCRUMB_HISTORY_MAX);
}
