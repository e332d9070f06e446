/**
 * In-process inverted index per storefront (docs/adr/0004): token → postings (product, field weight),
 * tokens sorted so a prefix is a contiguous range found by binary search. Built from the database,
 * identical on SQLite and PostgreSQL, and rebuilt when the catalogue changes (checked at most every
 * VERSION_CHECK_MS; queries keep using the previous index while a new one loads).
 */
import type { Db } from '#server/db/connection.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { tokenize } from '#lib/search/tokenize.ts';
import { processCache } from '#server/cache/process-cache.ts';
import { flattenCategories, loadCategoryTree } from '#server/catalogue/category-repository.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';

/** How much a hit in each field counts. A sku hit is the strongest signal, a category hit the weakest. */
export const FIELD_WEIGHT = { sku: 4, name: 3, brand: 2, category: 1 } as const;
export const VERSION_CHECK_MS = 5_000;

export interface FacetCategory {
  id: number;
  name: string;
  slug: string;
  uri: string;
  hierarchy: string[];
}

export interface SearchIndex {
  version: string;
  /** Product id per document (ascending). */
  ids: Int32Array;
  mainCategory: Int32Array;
  tokens: string[];
  /** postings of tokens[i] are postDoc/postWeight[postStart[i] .. postStart[i+1]) */
  postStart: Int32Array;
  postDoc: Int32Array;
  postWeight: Float32Array;
  categories: Map<number, FacetCategory>;
}

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
  const builder = indexBuilder();
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

export interface IndexProduct {
  id: number;
  sku: string;
  name: string;
  brand: string | null;
}
export interface IndexProductCategory {
  product_id: number;
  category_id: number;
  main: number;
  name: string;
}

/** Builds an index incrementally: products in ascending id order, each chunk's category links after it. */
export function indexBuilder() {
  const docOf = new Map<number, number>();
  const ids: number[] = [];
  const mainCategory: number[] = [];
  const postings = new Map<string, Map<number, number>>();
  const add = (doc: number, text: string | null, weight: number) => {
    for (const token of tokenize(text ?? '')) {
      let p = postings.get(token);
      if (!p) postings.set(token, (p = new Map()));
      if ((p.get(doc) ?? 0) < weight) p.set(doc, weight);
    }
  };
  return {
    addProducts(rows: readonly IndexProduct[]) {
      for (const r of rows) {
        const doc = ids.length;
        ids.push(r.id);
        mainCategory.push(0);
        docOf.set(r.id, doc);
        add(doc, r.sku, FIELD_WEIGHT.sku);
        add(doc, r.name, FIELD_WEIGHT.name);
        add(doc, r.brand, FIELD_WEIGHT.brand);
      }
    },
    addCategories(links: readonly IndexProductCategory[]) {
      for (const c of links) {
        const doc = docOf.get(c.product_id);
        if (doc === undefined) continue;
        add(doc, c.name, FIELD_WEIGHT.category);
        if (c.main) mainCategory[doc] = c.category_id;
      }
    },
    finish(version: string, categoryList: readonly FacetCategory[]): SearchIndex {
      const tokens = [...postings.keys()].sort();
      const postStart = new Int32Array(tokens.length + 1);
      let total = 0;
      tokens.forEach((t, i) => {
        postStart[i] = total;
        total += postings.get(t)!.size;
      });
      postStart[tokens.length] = total;
      const postDoc = new Int32Array(total);
      const postWeight = new Float32Array(total);
      tokens.forEach((t, i) => {
        let k = postStart[i];
        for (const [doc, w] of postings.get(t)!) {
          postDoc[k] = doc;
          postWeight[k] = w;
          k++;
        }
      });
      return {
        version,
        ids: Int32Array.from(ids),
        mainCategory: Int32Array.from(mainCategory),
        tokens,
        postStart,
        postDoc,
        postWeight,
        categories: new Map(categoryList.map((c) => [c.id, c])),
      };
    },
  };
}

/** Pure: the index from product rows (ascending id), their category links and the category table. */
export function assembleIndex(
  v: string,
  rows: readonly IndexProduct[],
  cats: readonly IndexProductCategory[],
  categoryList: readonly FacetCategory[],
): SearchIndex {
  const b = indexBuilder();
  b.addProducts(rows);
  b.addCategories(cats);
  return b.finish(v, categoryList);
}

interface Slot {
  index?: SearchIndex;
  loading?: Promise<SearchIndex>;
  checkedAt: number;
}
const slots = processCache('search-index.v1', () => new WeakMap<Db, Map<LocaleCode, Slot>>());

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

/** First token index ≥ prefix. */
export function lowerBound(tokens: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
