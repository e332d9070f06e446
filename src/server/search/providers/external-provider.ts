/**
 * The external search provider (docs/product/search.md#providers): Depict picks the products and their order;
 * the answer is built from our own database for those SKUs (prices, stock, names: server-owned), in Depict's
 * order, SKUs we do not sell dropped. Anything Depict cannot do for us here rejects, and the caller lets the
 * internal engine answer: refinements, sorting and facets (Depict's filter fields are the merchant's own),
 * a page deeper than MAX_PAGES cursor pages, no product we know, or no answer within the time budget.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import type { SearchCategory } from '#lib/api/catalogue-contracts.ts';
import { hasFilters } from '../refine.ts';
import { loadResults, MAX_FACETS, type SearchOptions, type SearchResult } from '../search-products.ts';
import { getSearchIndex, type SearchIndex } from '../search-index.ts';
import { DepictClient, DepictFailure } from './depict-client.ts';
import { numberLookupFor } from '../part-number-index.ts';
import { findNumbers } from '#lib/catalogue/part-number-lookup.ts';
import type { DepictConfig } from './depict-config.ts';
import type { SearchProvider } from './search-provider.ts';

/** Cursor pages followed for one answer (the budget is time, this caps the requests). */
export const MAX_PAGES = 5;

export class NotForExternal extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotForExternal';
  }
}

export function externalProvider(config: DepictConfig): SearchProvider {
  const client = new DepictClient(config.baseUrl, config.merchant);
  return {
    name: 'external',
    async search(db: Db, opts: SearchOptions): Promise<SearchResult> {
      if (opts.withFacets || opts.sort || hasFilters(opts.filters ?? {}))
        throw new NotForExternal('refinements are answered by the internal engine');
      // A part number (OEM, cross-reference, replaced, a replaced part's sku) leads to the part sold now, which
      // only our engine knows (docs/product/parts-finder.md#part-numbers): such a query is not sent out.
      const index0 = await getSearchIndex(db, opts.locale);
      if (findNumbers(await numberLookupFor(db, index0.version), opts.query).entries.length > 0)
        throw new NotForExternal('a part number is answered by the internal engine');
      const limit = opts.limit ?? 24;
      const offset = opts.offset ?? 0;
      const signal = AbortSignal.timeout(config.timeoutMs);
      const market = config.markets[opts.locale];
      // Depict's order, one product per card (its first variant we sell), until the page is covered or the pages end.
      const skus: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      let more = true;
      const wanted = offset + limit;
      const known = new Map<string, number>();
      while (more && known.size < wanted) {
        if (pages === MAX_PAGES) throw new NotForExternal(`more than ${MAX_PAGES} pages deep`);
        const page = await client.browse({ market, query: opts.query, cursor }, signal);
        pages++;
        const fresh = page.cards.flat().filter((s) => !known.has(s));
        const ids = await idsOf(db, opts.locale, fresh);
        for (const card of page.cards) {
          const sku = card.find((s) => ids.has(s) && !known.has(s));
          if (sku) {
            known.set(sku, ids.get(sku)!);
            skus.push(sku);
          }
        }
        cursor = page.cursor;
        more = cursor !== null;
        if (more && page.cards.length === 0) throw new DepictFailure('an empty page with a cursor');
      }
      if (known.size === 0) throw new NotForExternal('no product we sell');
      const all = skus.map((s) => known.get(s)!);
      const ids = all.slice(offset, offset + limit);
      const index = await getSearchIndex(db, opts.locale);
      const rows = await loadResults(db, opts.locale, ids, index.categories);
      return {
        // Depict gives no score: 0, the order is the provider's.
        products: ids.flatMap((id) => {
          const p = rows.get(id);
          return p ? [{ ...p, score: 0 }] : [];
        }),
        categories: opts.withCategories || opts.withCounts ? categoryFacets(index, all, !!opts.withCounts) : [],
        // The pages read: exact on the last page, else at least this many (Depict's total is not read).
        total: all.length,
      };
    },
  };
}

/** Our product ids of these SKUs, among the products this storefront sells (others absent). */
async function idsOf(db: Db, locale: LocaleCode, skus: string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await localizedProducts(db, locale).select(['p.id', 'p.sku']).where('p.sku', 'in', skus).execute();
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/** Main categories of the products read, most first (ties: lower id), like the internal engine's nc/co. */
function categoryFacets(index: SearchIndex, ids: number[], withCounts: boolean): SearchCategory[] {
  const counts = new Map<number, number>();
  for (const id of ids) {
    const doc = docOf(index, id);
    const c = doc < 0 ? 0 : index.mainCategory[doc];
    if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, MAX_FACETS)
    .flatMap(([id, count]) => {
      const c = index.categories.get(id);
      return c ? [{ ...c, ...(withCounts ? { count } : {}) }] : [];
    });
}

/** The index's document of a product id (ids ascend), -1 when absent. */
function docOf(index: SearchIndex, id: number): number {
  let lo = 0;
  let hi = index.ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = index.ids[mid];
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
