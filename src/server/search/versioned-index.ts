/**
 * A per-storefront index kept fresh by version (docs/product/search.md#index-freshness-and-caching): built or loaded
 * on first use; afterwards at most every `checkMs` the catalogue's version is read and, when it changed, a new index
 * loads in the background while queries keep the previous one. Shared by the product and the model search.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { processCache } from '#server/cache/process-cache.ts';

interface Slot<T> {
  index?: T;
  loading?: Promise<T>;
  checkedAt: number;
}

export interface VersionedIndexOptions<T extends { version: string }> {
  /** The process cache's key (survives a module reload in dev). */
  cacheKey: string;
  checkMs: number;
  /** The catalogue's version now. */
  version: (db: Db) => Promise<string>;
  /** The index of that version (undefined: read it first). */
  load: (db: Db, locale: LocaleCode, version?: string) => Promise<T>;
}

export function versionedIndex<T extends { version: string }>(o: VersionedIndexOptions<T>): (db: Db, locale: LocaleCode) => Promise<T> {
  const slots = processCache(o.cacheKey, () => new WeakMap<Db, Map<LocaleCode, Slot<T>>>());
  return async (db, locale) => {
    let perDb = slots.get(db);
    if (!perDb) slots.set(db, (perDb = new Map()));
    let slot = perDb.get(locale);
    if (!slot) perDb.set(locale, (slot = { checkedAt: 0 }));
    const s = slot;
    const load = (version?: string) => {
      s.loading ??= o
        .load(db, locale, version)
        .then((idx) => {
          s.index = idx;
          s.checkedAt = Date.now();
          return idx;
        })
        .finally(() => {
          s.loading = undefined;
        });
      return s.loading;
    };
    if (!s.index) return load();
    if (Date.now() - s.checkedAt > o.checkMs && !s.loading) {
      s.checkedAt = Date.now();
      const current = s.index;
      void o
        .version(db)
        .then((v) => {
          if (v !== current.version) void load(v).catch(() => {});
        })
        .catch(() => {});
    }
    return s.index;
  };
}
