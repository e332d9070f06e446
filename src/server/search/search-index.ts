/**
 * The in-process search index per storefront (docs/adr/0004; its structure: index-builder.ts). Built from the database,
 * identical on SQLite and PostgreSQL, and rebuilt when the catalogue changes (checked at most every
 * VERSION_CHECK_MS; queries keep using the previous index while a new one loads).
 */
import type { Db } from '#server/db/connection.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { indexBuilder, type SearchIndex } from './index-builder.ts';
export type { SearchIndex } from './index-builder.ts';
import { processCache } from '#server/cache/process-cache.ts';
import { flattenCategories, loadCategoryTree } from '#server/catalogue/category-repository.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';

export const VERSION_CHECK_MS = 5_000;

/**
 * Cheap change detector (a primary-key lookup, no scan): writeCatalogue stamps every product with the
 * same updated_at, so the newest product's id and stamp change whenever the catalogue is replaced.
 */
async function catalogueVersion(db: Db): Promise<string> {
  const r = await db.selectFrom('products').select(['id', 'updated_at']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return r ? `${r.id}:${r.updated_at}` : 'empty';
}

/** Rows per read while building: node:sqlite is synchronous, so a build yields between chunks. */
const CHUNK = 2000;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function buildSearchIndex(db: Db, locale: LocaleCode, version?: string): Promise<SearchIndex> {
  const v = version ?? (await catalogueVersion(db));
  const builder = indexBuilder(locale);
  for (let last = 0; ;) {
    const rows = await localizedProducts(db, locale)
      .leftJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['p.id', 'p.sku', 't.name', 'b.name as brand'])
      .where('p.id', '>', last)
      .orderBy('p.id')
      .limit(CHUNK)
      .execute();
    if (rows.length === 0) break;
    const first = last;
    last = rows[rows.length - 1].id;
    builder.addProducts(rows);
    builder.addCategories(
      await db
        .selectFrom('product_categories as pc')
        .innerJoin('category_translations as ct', (j) => j.onRef('ct.category_id', '=', 'pc.category_id').on('ct.locale', '=', locale))
        .select(['pc.product_id', 'pc.category_id', 'pc.main', 'ct.name'])
        .where('pc.product_id', '>', first)
        .where('pc.product_id', '<=', last)
        .execute(),
    );
    await yieldToRequests();
  }
  const tree = await loadCategoryTree(db, locale);
  return builder.finish(
    v,
    flattenCategories(tree).map((c) => ({ id: c.id, name: c.name, slug: c.slug, uri: c.uri, hierarchy: c.hierarchy })),
  );
}

interface Slot {
  index?: SearchIndex;
  loading?: Promise<SearchIndex>;
  checkedAt: number;
}
const slots = processCache('search-index.v2', () => new WeakMap<Db, Map<LocaleCode, Slot>>());

/** After the first search on a connection, the other storefronts' indexes are built in the background, one at a time. */
function warmOthers(db: Db, except: LocaleCode): void {
  void (async () => {
    for (const code of LOCALE_CODES) {
      if (code === except) continue;
      await getSearchIndex(db, code).catch(() => undefined);
    }
  })();
}

/** The current index for a storefront: built on first use, rebuilt in the background when the catalogue changed. */
export async function getSearchIndex(db: Db, locale: LocaleCode): Promise<SearchIndex> {
  let perDb = slots.get(db);
  if (!perDb) {
    slots.set(db, (perDb = new Map()));
    setImmediate(() => warmOthers(db, locale));
  }
  let slot = perDb.get(locale);
  if (!slot) perDb.set(locale, (slot = { checkedAt: 0 }));
  const s = slot;
  const load = (version?: string) => {
    s.loading ??= buildSearchIndex(db, locale, version)
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
  if (Date.now() - s.checkedAt > VERSION_CHECK_MS && !s.loading) {
    s.checkedAt = Date.now();
    const current = s.index;
    void catalogueVersion(db)
      .then((v) => {
        if (v !== current.version) void load(v).catch(() => {});
      })
      .catch(() => {});
  }
  return s.index;
}
