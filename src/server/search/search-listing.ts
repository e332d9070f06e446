/**
 * The search results page as a listing (docs/product/search.md#search-results-page): the query's matches,
 * refined like a category listing (filters, facets, sort, pages of 48) and shown with the same listing
 * component, so the page filters without a reload where JS runs and works without it. The page URL carries
 * everything: `q`, the listing's own parameters (brand, sub = main category id, stock, min, max, vat, sort)
 * and `page`.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import {
  isRefined,
  listingSearch,
  parseListingQuery,
  parsePageNumber,
  LISTING_PAGE_SIZE,
  type ListingQuery,
} from '#lib/catalogue/listing-query.ts';
import { availabilityOrder, pageCount } from '#lib/catalogue/listing-filter.ts';
import { getDb } from '#server/db/connection.ts';
import { listingProducts } from '#server/catalogue/listing-products.ts';
import { stockLabeller } from '#server/catalogue/listing-request.ts';
import { facetOption, type ListingView } from '#server/catalogue/listing-view.ts';
import type { PageProduct } from '#server/catalogue/page-catalogue.ts';
import type { ListingBrand } from '#server/catalogue/listing-source.ts';
import { getSearchIndex } from './search-index.ts';
import { matchWithNumbers, successorsOf } from './search-products.ts';
import { translator } from '#lib/market/i18n.ts';
import { noteTemplates, partNumberNote } from '#lib/catalogue/part-number-note.ts';
import { refine } from './refine.ts';

export const MAX_QUERY_LENGTH = 200;
/** The category facet lists the categories with most results (and any chosen one). */
export const MAX_CATEGORY_OPTIONS = 20;

export type SearchListing =
  | { kind: 'empty'; q: string }
  | { kind: 'not-found'; q: string }
  | { kind: 'page'; q: string; partial: boolean; view: ListingView; products: PageProduct[]; notes: Record<number, string> };

export async function searchListing(locale: LocaleCode, url: URL): Promise<SearchListing> {
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  if (q.length <= 1) return { kind: 'empty', q };
  const page = parsePageNumber(url.searchParams.get('page') ?? '1');
  if (page === undefined) return { kind: 'not-found', q };
  const db = getDb();
  // The brands table is small: read it rather than wait for the listing index (loaded on a listing's first request).
  const [index, brands] = await Promise.all([
    getSearchIndex(db, locale),
    db.selectFrom('brands').select(['id', 'slug', 'name', 'logo_url']).execute(),
  ]);
  const brandById = new Map<number, ListingBrand>(brands.map((b) => [b.id, b]));
  const brandBySlug = new Map<string, ListingBrand>(brands.map((b) => [b.slug, b]));
  const { matches, numbered, lookup } = await matchWithNumbers(db, index, q);
  if (matches.docs.length === 0) return { kind: 'empty', q };

  const parsed = parseListingQuery(url.searchParams);
  // brand slugs of this storefront and main-category ids; anything else is dropped like any bad value
  const brandIds = parsed.brands.flatMap((slug) => brandBySlug.get(slug)?.id ?? []);
  const query: ListingQuery = {
    ...parsed,
    brands: parsed.brands.filter((slug) => brandBySlug.has(slug)),
    subs: parsed.subs.filter((id) => /^[1-9]\d{0,8}$/.test(id) && index.categories.has(Number(id))),
  };
  const refined = refine(
    index,
    matches,
    {
      brands: brandIds,
      categories: query.subs.map(Number),
      stock: query.stock,
      vatEx: query.vatEx,
      ...(query.min !== undefined ? { priceMin: query.min } : {}),
      ...(query.max !== undefined ? { priceMax: query.max } : {}),
    },
    query.sort,
  );
  const total = refined.docs.length;
  const pages = pageCount(total);
  if (page > pages) return { kind: 'not-found', q };
  const start = (page - 1) * LISTING_PAGE_SIZE;
  const ids = Array.from(refined.docs.subarray(start, start + LISTING_PAGE_SIZE), (d) => index.ids[d]);

  const path = pathFor('searchresults', locale);
  const withQ = (x: ListingQuery, n: number) => {
    const p = new URLSearchParams(listingSearch(x));
    p.set('q', q);
    if (n > 1) p.set('page', String(n));
    return p;
  };
  const href = (n: number, x: ListingQuery = query) => `${path}?${withQ(x, n)}`;
  const partialHref = (n: number, x: ListingQuery = query) => `${path}?${withQ(x, n)}&partial=1`;
  const stockLabel = stockLabeller(locale);
  const { facets } = refined;
  const view: ListingView = {
    locale,
    kind: 'search',
    query,
    refined: isRefined(query),
    page,
    pages,
    total,
    from: ids.length ? start + 1 : 0,
    to: ids.length ? start + ids.length : 0,
    ids,
    facets: {
      brands: facets.brands
        .flatMap((b) => {
          const brand = brandById.get(b.id);
          return brand ? [facetOption(brand.slug, brand.name, b.count, query.brands)] : [];
        })
        .sort((a, b) => a.label.localeCompare(b.label, locale)),
      subs: facets.categories
        .filter((c, i) => i < MAX_CATEGORY_OPTIONS || query.subs.includes(String(c.id)))
        .map((c) => facetOption(String(c.id), index.categories.get(c.id)?.name ?? '', c.count, query.subs)),
      stock: availabilityOrder.flatMap((a) => {
        const count = facets.stock.find((s) => s.status === a)?.count ?? 0;
        return count > 0 || query.stock.includes(a) ? [facetOption(a, stockLabel(a), count, query.stock)] : [];
      }),
      ...(facets.price ? { price: facets.price } : {}),
    },
    firstPath: `${path}?${new URLSearchParams({ q })}`,
    formAction: path,
    href,
    partialHref,
  };
  const [products, successors] = await Promise.all([listingProducts(locale, ids, brandById), successorsOf(db, locale, lookup, ids)]);
  // "ersätter 481236058", "ersatt av …" under a card (docs/product/parts-finder.md#part-numbers)
  const templates = noteTemplates(translator(locale));
  const notes: Record<number, string> = {};
  for (const id of ids) {
    const note = partNumberNote(templates, { matched_number: numbered.byProduct.get(id)?.matched, replaced_by: successors.get(id) });
    if (note) notes[id] = note;
  }
  return { kind: 'page', q, partial: url.searchParams.get('partial') === '1', view, products, notes };
}
