/** History slice (localStorage td02:history): recently viewed products and breadcrumb history (docs/product/client-state.md). */
import { localAtom } from './persist.ts';
import { addRecentlyViewed, pushHistory, type HistoryEntry, type RecentlyViewed } from '#lib/page-behaviour/visit-history.ts';

export interface HistoryState {
  recentlyViewed: RecentlyViewed[];
  breadcrumbs: HistoryEntry[];
}
const EMPTY: HistoryState = { recentlyViewed: [], breadcrumbs: [] };

export const history = localAtom<HistoryState>('history', EMPTY, (v) =>
  v && typeof v === 'object' && Array.isArray((v as HistoryState).recentlyViewed) ? { ...EMPTY, ...(v as HistoryState) } : EMPTY,
);

export function viewed(item: RecentlyViewed): void {
  const h = history.get();
  history.set({ ...h, recentlyViewed: addRecentlyViewed(h.recentlyViewed, item) });
}

export function visited(entry: HistoryEntry): void {
  const h = history.get();
  const breadcrumbs = pushHistory(h.breadcrumbs, entry);
  if (breadcrumbs.length !== h.breadcrumbs.length || breadcrumbs.at(-1) !== h.breadcrumbs.at(-1)) history.set({ ...h, breadcrumbs });
}
