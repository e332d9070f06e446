/**
 * Product search (docs/product/api.md#products, docs/product/search.md#search-results-page): ranked prefix search over
 * name, sku, brand and category in the storefront's language, optional category facets with counts,
 * paging. Results are shaped as in docs/product/api.md#products.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { Variation } from '#lib/catalogue/types.ts';
import type { ProductSearchResult, SearchCategory, SearchFacets } from '#lib/api/catalogue-contracts.ts';
import { SEARCH_MAX_LIMIT } from '#lib/api/catalogue-contracts.ts';
import { roundTo } from '#lib/pricing/vat.ts';
import { getSearchIndex, type SearchIndex } from './search-index.ts';
import { matchQuery, type Matches } from './match.ts';
import { hasFilters, refine, type ResultFilters } from './refine.ts';
import type { ListingSort } from '#lib/catalogue/listing-query.ts';
import { queryTokens } from '#lib/search/tokenize.ts';
import { boundedProcessCache, cacheBudgetBytes } from '#server/cache/process-cache.ts';
import { pricesFromRow } from '#server/catalogue/price-row.ts';
import { priorPricesOf } from '#server/catalogue/price-history.ts';
import { campaignPriorPrices } from '#lib/pricing/prior-price.ts';
import { mainCategoryFirst, productRows } from '#server/catalogue/product-rows.ts';
import { CARD_COLUMNS, localizedProducts } from '#server/catalogue/localized-products.ts';
import { couldNameNumber, currentProduct, numberHits, type NumberHit, type NumberLookup } from '#lib/catalogue/part-number-lookup.ts';
import { numberLookupFor, successionLookupFor } from './part-number-index.ts';

export interface SearchOptions {
  locale: LocaleCode;
  query: string;
  limit?: number;
  offset?: number;
  /** nc: include the categories of the matches. */
  withCategories?: boolean;
  /** co: include the number of matches per category. */
  withCounts?: boolean;
  /** Refinements (docs/product/search.md#refining-results). */
  filters?: ResultFilters;
  /** Absent: relevance. */
  sort?: ListingSort;
  /** Include the facets of the refined results. */
  withFacets?: boolean;
}

export interface SearchResult {
  products: ProductSearchResult[];
  categories: SearchCategory[];
  total: number;
  facets?: SearchFacets;
}

export const DEFAULT_LIMIT = 24;
export const MAX_FACETS = 20;

/**
 * Search-as-you-type repeats the same prefixes: answers are kept briefly, keyed by the index version
 * (a replaced catalogue never serves old answers), within a byte budget (docs/product/performance.md#caches):
 * PARTSFRONT_SEARCH_CACHE_MB, default 32 — a few hundred full answers (24 products ≈ 60 KB), the prefixes
 * typed within a minute on a busy shop. The pending Promise is cached (concurrent equal searches run once).
 */
const RESULT_TTL_MS = 60_000;
export const SEARCH_CACHE_DEFAULT_MIB = 32;
/** What an answer counts until it resolves: about what a full page of products comes to. */
const PENDING_BYTES_PER_PRODUCT = 2500;
const results = boundedProcessCache<Promise<SearchResult>>('search-results.v2', {
  maxBytes: cacheBudgetBytes('PARTSFRONT_SEARCH_CACHE_MB', SEARCH_CACHE_DEFAULT_MIB),
  ttlMs: RESULT_TTL_MS,
});

export async function searchProducts(db: Db, opts: SearchOptions): Promise<SearchResult> {
  const limit = Math.min(Math.max(1, Math.floor(opts.limit ?? DEFAULT_LIMIT)), SEARCH_MAX_LIMIT);
  const offset = Math.max(0, Math.floor(opts.offset ?? 0));
  const index = await getSearchIndex(db, opts.locale);
  const key = JSON.stringify([
    index.version,
    opts.locale,
    queryTokens(opts.query),
    limit,
    offset,
    !!opts.withCategories,
    !!opts.withCounts,
    opts.filters ?? null,
    opts.sort ?? null,
    !!opts.withFacets,
  ]);
  const hit = results.get(key);
  if (hit) return hit;
  const result = runSearch(db, index, { ...opts, limit, offset });
  // A failed search is dropped from the cache when it rejects (the caller gets the rejection).
  results.set(key, result, limit * PENDING_BYTES_PER_PRODUCT);
  return result;
}

async function runSearch(db: Db, index: SearchIndex, opts: SearchOptions & { limit: number; offset: number }): Promise<SearchResult> {
  const { limit, offset } = opts;
  const refining = !!opts.withFacets || !!opts.sort || hasFilters(opts.filters ?? {});
  const showCategories = !!(opts.withCategories || opts.withCounts);
  // refining orders every match again (relevance the default order): then all must come in order
  const {
    matches,
    numbered,
    lookup,
    categoryCounts: counted,
  } = await matchWithNumbers(db, index, opts.query, refining ? Infinity : offset + limit, showCategories && !refining);
  const refined = refining ? refine(index, matches, opts.filters ?? {}, opts.sort) : null;
  const { docs, scores } = refined ?? matches;
  const total = refined ? refined.docs.length : matches.total;
  const page = Array.from(docs.subarray(offset, offset + limit));
  const ids = page.map((d) => index.ids[d]);

  // Category counts: over the matches (counted while matching, only when the answer shows them: a pass over every
  // match, a million for a short prefix at 1M), or — refined — with every other refinement applied.
  const categoryCounts = refined ? refined.facets.categories.map((c) => [c.id, c.count] as const) : (counted ?? []);
  const categories: SearchCategory[] = showCategories
    ? categoryCounts.slice(0, MAX_FACETS).flatMap(([id, count]) => {
        const c = index.categories.get(id);
        return c ? [{ ...c, ...(opts.withCounts ? { count } : {}) }] : [];
      })
    : [];
  const facets: SearchFacets | undefined =
    refined && opts.withFacets
      ? {
          ...refined.facets,
          categories: categoryCounts.flatMap(([id, count]) => {
            const c = index.categories.get(id);
            return c ? [{ id, name: c.name, uri: c.uri, count }] : [];
          }),
        }
      : undefined;
  const [products, successors] = await Promise.all([
    loadResults(db, opts.locale, ids, index.categories),
    successorsOf(db, opts.locale, lookup, ids),
  ]);
  const scoreById = new Map(page.map((d, i) => [index.ids[d], roundTo(scores[offset + i], 3)]));
  return {
    products: ids.flatMap((id) => {
      const p = products.get(id);
      if (!p) return [];
      const hit = numbered.byProduct.get(id);
      const successor = successors.get(id);
      return [
        {
          ...p,
          score: scoreById.get(id) ?? 0,
          ...(hit ? { matched_number: hit.matched } : {}),
          ...(hit?.matched.kind === 'replaces' ? { replaces: hit.matched.number } : {}),
          ...(successor ? { replaced_by: successor } : {}),
        },
      ];
    }),
    categories,
    total,
    ...(facets ? { facets } : {}),
  };
}

/** Per index: a zeroed counter per main category id (JavaScript runs one count at a time, so one array serves). */
const categoryCounters = new WeakMap<SearchIndex, Int32Array | null>();
function countersFor(index: SearchIndex): Int32Array | null {
  let counters = categoryCounters.get(index);
  if (counters === undefined) {
    let max = 0;
    for (const c of index.mainCategory) if (c > max) max = c;
    // a counting array while the ids are small (as category ids are); a Map otherwise
    counters = max <= 1_000_000 ? new Int32Array(max + 1) : null;
    categoryCounters.set(index, counters);
  }
  return counters;
}

/** Matches per main category, most first (ties: lower id). At 1M products a Map per match cost 30 ms (ADR 0030). */
function mainCategoryCounts(index: SearchIndex, docs: Int32Array, more: readonly number[] = []): (readonly [number, number])[] {
  const counters = countersFor(index);
  let out: (readonly [number, number])[];
  if (counters) {
    const seen: number[] = [];
    const count = (d: number) => {
      const c = index.mainCategory[d];
      if (c && counters[c]++ === 0) seen.push(c);
    };
    for (let i = 0; i < docs.length; i++) count(docs[i]);
    more.forEach(count);
    out = seen.map((c) => [c, counters[c]] as const);
    for (const c of seen) counters[c] = 0;
  } else {
    const counts = new Map<number, number>();
    for (const d of [...docs, ...more]) {
      const c = index.mainCategory[d];
      if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    out = [...counts];
  }
  return out.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}

/** The answer rows of these products, from our own database (also for the external search provider's picks). */
export async function loadResults(
  db: Db,
  locale: LocaleCode,
  ids: number[],
  names: SearchIndex['categories'],
): Promise<Map<number, Omit<ProductSearchResult, 'score'>>> {
  const out = new Map<number, Omit<ProductSearchResult, 'score'>>();
  const [rows, priors] = await Promise.all([
    productRows(
      db,
      locale,
      { ids },
      [...CARD_COLUMNS, 'p.prefix', 't.url_fragment'],
      // Category names come from the index (already in memory): no join per search.
      { categories: true, thumbs: true },
    ),
    priorPricesOf(db, locale, ids),
  ]);
  for (const { row: r, links } of rows) {
    out.set(r.id, {
      name: r.name,
      slug: r.slug,
      sku: r.sku,
      prefix: r.prefix,
      url_fragment: r.url_fragment,
      thumb: links.thumb,
      metadata: { decoration: r.decoration },
      categories: mainCategoryFirst(links.categories)
        .filter((c) => names.has(c.category_id))
        .map((c) => ({ name: names.get(c.category_id)!.name, main: c.main })),
      orderable: !!r.orderable,
      notifyable: !!r.notifyable,
      stock_status: r.stock_status,
      estimated_at: r.estimated_at,
      prices: pricesFromRow(r),
      prior_prices: campaignPriorPrices(pricesFromRow(r), priors.get(r.id) ?? {}),
      vat: Number(r.vat),
      group_id: r.group_id,
      discount_category: r.discount_category,
      variations: JSON.parse(r.variations) as Variation[],
      // set by a part-number search (matchWithNumbers, docs/product/api.md#part-numbers)
      matched_number: null,
      replaces: null,
      replaced_by: null,
    });
  }
  return out;
}

/** The document of a product id in the index (ids ascend), or -1. */
function docOf(index: SearchIndex, id: number): number {
  let lo = 0;
  let hi = index.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index.ids[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < index.ids.length && index.ids[lo] === id ? lo : -1;
}

/** Products a part-number query names (docs/product/search.md#part-numbers), as documents of this storefront's index. */
function numberMatches(index: SearchIndex, lookup: NumberLookup, query: string): { docs: number[]; byProduct: Map<number, NumberHit> } {
  const hits = numberHits(
    lookup,
    query,
    (id) => index.facts.orderable[docOf(index, id)] === 1,
    (id) => docOf(index, id) >= 0,
  );
  return { docs: hits.map((h) => docOf(index, h.productId)), byProduct: new Map(hits.map((h) => [h.productId, h])) };
}

export interface NumberedMatches {
  matches: Matches;
  numbered: { docs: number[]; byProduct: Map<number, NumberHit> };
  lookup: NumberLookup;
  /** With `countCategories`: the matches per main category, most first. */
  categoryCounts?: (readonly [number, number])[];
}

/**
 * The ranked matches of a query with the parts its part numbers name first (the API and the results page alike).
 * `top`: only the first `top` matches in order (matchQuery); `countCategories`: count the matches per main category.
 */
export async function matchWithNumbers(
  db: Db,
  index: SearchIndex,
  query: string,
  top = Infinity,
  countCategories = false,
): Promise<NumberedMatches> {
  // a query that cannot name a number finds none in any lookup: it needs only the supersessions
  const lookup = await (couldNameNumber(query) ? numberLookupFor(db, index.version) : successionLookupFor(db, index.version));
  const numbered = numberMatches(index, lookup, query);
  const pinned = new Set(numbered.docs);
  let pinnedMatched = 0;
  let categoryCounts: (readonly [number, number])[] | undefined;
  // every match seen once, while matchQuery still holds them: the named parts among them, the category counts
  const matches = matchQuery(index, query, top, (docs) => {
    if (pinned.size > 0) for (let i = 0; i < docs.length; i++) if (pinned.has(docs[i])) pinnedMatched++;
    if (countCategories) {
      const seen = new Set<number>();
      for (let i = 0; i < docs.length; i++) if (pinned.has(docs[i])) seen.add(docs[i]);
      categoryCounts = mainCategoryCounts(
        index,
        docs,
        numbered.docs.filter((d) => !seen.has(d)),
      );
    }
  });
  return {
    matches: withNumberHits(matches, numbered.docs, pinnedMatched),
    numbered,
    lookup,
    ...(categoryCounts ? { categoryCounts } : {}),
  };
}

/** A number hit ranks above every text match: the named parts first, in their order, then the text matches. */
export const NUMBER_HIT_SCORE = 1000;

/** `pinnedMatched`: how many of the named parts are among all the text matches (counted by matchQuery's visit). */
function withNumberHits(matches: Matches, docs: readonly number[], pinnedMatched: number): Matches {
  if (docs.length === 0) return matches;
  const pinned = new Set(docs);
  const rest = matches.docs.filter((d) => !pinned.has(d));
  const out = new Int32Array(docs.length + rest.length);
  const scores = new Float32Array(out.length);
  docs.forEach((d, i) => {
    out[i] = d;
    scores[i] = NUMBER_HIT_SCORE - i;
  });
  let k = docs.length;
  for (let i = 0; i < matches.docs.length; i++) {
    if (pinned.has(matches.docs[i])) continue;
    out[k] = matches.docs[i];
    scores[k++] = matches.scores[i];
  }
  return { docs: out, scores, total: docs.length + matches.total - pinnedMatched };
}

/** Of these products, those with a successor: the part sold now at the end of the chain, as this storefront names it. */
export async function successorsOf(
  db: Db,
  locale: LocaleCode,
  lookup: NumberLookup,
  ids: readonly number[],
): Promise<Map<number, { sku: string; name: string; slug: string }>> {
  const currentOf = new Map(ids.flatMap((id) => (lookup.replacedBy.has(id) ? [[id, currentProduct(id, lookup.replacedBy)] as const] : [])));
  const out = new Map<number, { sku: string; name: string; slug: string }>();
  if (currentOf.size === 0) return out;
  const rows = await localizedProducts(db, locale)
    .where('p.id', 'in', [...new Set(currentOf.values())])
    .select(['p.id', 'p.sku', 't.name', 't.slug'])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [id, current] of currentOf) {
    const r = byId.get(current);
    if (r && current !== id) out.set(id, { sku: r.sku, name: r.name, slug: r.slug });
  }
  return out;
}
