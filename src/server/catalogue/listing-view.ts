/**
 * One listing page as the page components render it (docs/product/catalogue.md#listings-paging-filters-sorting):
 * the items of the page, facets with labels and counts, and every URL of the page (page N, filtered,
 * the fragment the listing script fetches). Shared by the static first pages and the on-demand pages.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { pathFor, type RouteName } from '#lib/routing/routes.ts';
import { availabilityOrder, type ListingResult, type ListingScope } from '#lib/catalogue/listing-filter.ts';
import { columnsPage, refineColumns, type RefinedPositions } from '#lib/catalogue/listing-columns-filter.ts';
import {
  EMPTY_QUERY,
  isRefined,
  LISTING_PAGE_SIZE,
  listingSearch,
  type Availability,
  type ListingQuery,
} from '#lib/catalogue/listing-query.ts';
import type { Category } from './category-repository.ts';
import { categoryScope, type ListingSource } from './listing-source.ts';

export type ListingTarget =
  { kind: 'category'; category: Category } | { kind: 'brand'; id: number; slug: string } | { kind: 'tag'; id: number; slug: string };

export interface FacetOption<V extends string = string> {
  value: V;
  label: string;
  count: number;
  checked: boolean;
}

/** A facet option: checked when the listing's query chose it. */
export const facetOption = <V extends string>(value: V, label: string, count: number, chosen: readonly string[]): FacetOption<V> => ({
  value,
  label,
  count,
  checked: chosen.includes(value),
});

export interface ListingView {
  locale: LocaleCode;
  /** 'search': the search results page shown as a listing (src/server/search/search-listing.ts). */
  kind: ListingTarget['kind'] | 'search';
  query: ListingQuery;
  refined: boolean;
  page: number;
  pages: number;
  total: number;
  /** 1-based positions of the first and last product shown (0, 0 when none). */
  from: number;
  to: number;
  ids: number[];
  facets: {
    brands: FacetOption[];
    subs: FacetOption[];
    stock: FacetOption<Availability>[];
    price?: { min: number; max: number };
  };
  /** The unfiltered first page: the static, indexed URL. */
  firstPath: string;
  /** Where the filter form goes: the on-demand page 1. */
  formAction: string;
  /** Public URL of page n with this page's filters (page 1 unfiltered → firstPath). */
  href(n: number, q?: ListingQuery): string;
  /** The on-demand URL of page n's listing fragment (what the listing script fetches). */
  partialHref(n: number, q?: ListingQuery): string;
}

const ROUTES: Record<ListingTarget['kind'], { first: RouteName; paged: RouteName; key: string }> = {
  category: { first: 'product-category-all', paged: 'product-category-all-page', key: 'all' },
  brand: { first: 'brand-slug', paged: 'brand-slug-page', key: 'slug' },
  tag: { first: 'product-tag-slug', paged: 'product-tag-slug-page', key: 'slug' },
};

/** The positions of a listing's products in the source's columns, in the default order. */
export function listingPositions(source: ListingSource, target: ListingTarget): Int32Array {
  if (target.kind === 'category') return source.inCategory.get(target.category.id) ?? NONE;
  return (target.kind === 'brand' ? source.ofBrand : source.withTag).get(target.id) ?? NONE;
}
const NONE = new Int32Array(0);

/**
 * Refined listings per index (a fresh index starts empty): paging through one selection filters and sorts
 * once. Bounded by count and by the positions held (4 bytes each); the oldest selection goes first.
 */
const REFINED_MAX = 200;
const REFINED_POSITIONS_MAX = 4_000_000;
interface Memo {
  refined: Map<string, RefinedPositions>;
  positions: number;
}
const refinedBySource = new WeakMap<ListingSource, Memo>();

function refined(source: ListingSource, target: ListingTarget, q: ListingQuery, subcategories: Map<string, Set<number>>): RefinedPositions {
  let memo = refinedBySource.get(source);
  if (!memo) refinedBySource.set(source, (memo = { refined: new Map(), positions: 0 }));
  const key = `${target.kind}:${target.kind === 'category' ? target.category.id : target.id}${listingSearch(q)}`;
  let r = memo.refined.get(key);
  if (!r) {
    const scope = { currency: LOCALES[source.locale].currency, subcategories };
    r = refineColumns(source.columns, listingPositions(source, target), q, scope);
    memo.positions += r.matched.length;
    memo.refined.set(key, r);
    for (const [k, old] of memo.refined) {
      if (memo.refined.size <= REFINED_MAX && memo.positions <= REFINED_POSITIONS_MAX) break;
      if (old === r) break; // the newest stays, however large
      memo.refined.delete(k);
      memo.positions -= old.matched.length;
    }
  }
  return r;
}

/** Labels of the stock facet: translated by the caller (a page has its translator). */
export type StockLabel = (a: Availability) => string;

/** What a view needs of its storefront besides the items: the locale and the brands (facet labels, brand filters). */
export type ListingMeta = Pick<ListingSource, 'locale' | 'brandBySlug'>;

/** A category listing's direct subcategories (the subcategory facet); none for a brand or tag. */
const childrenOf = (target: ListingTarget) => (target.kind === 'category' ? target.category.children : []);

/** Slug → the ids of that subcategory and its descendants, per direct subcategory. */
const subcategoriesOf = (target: ListingTarget) => new Map(childrenOf(target).map((c) => [c.slug, categoryScope(c)]));

/**
 * The scope a listing's facets are counted in: its currency and (for a category) its direct subcategories.
 * Without a target: a listing without subcategories (a brand or a tag).
 */
export const listingScope = (locale: LocaleCode, target?: ListingTarget): ListingScope => ({
  currency: LOCALES[locale].currency,
  subcategories: target ? subcategoriesOf(target) : new Map(),
});

export function listingView(
  source: ListingSource,
  target: ListingTarget,
  query: ListingQuery,
  page: number,
  stockLabel: StockLabel,
  pageSize = LISTING_PAGE_SIZE,
): ListingView {
  const subcategories = subcategoriesOf(target);
  // a filter that cannot apply on this kind of listing is dropped, like any bad value
  const q: ListingQuery = {
    ...query,
    brands: target.kind === 'brand' ? [] : query.brands.filter((b) => source.brandBySlug.has(b)),
    subs: query.subs.filter((s) => subcategories.has(s)),
  };
  const r = columnsPage(source.columns, refined(source, target, q, subcategories), page, pageSize);
  return viewOf(source, target, q, r, stockLabel, pageSize);
}

/** The unfiltered first page from a result counted elsewhere (the build's streamed digests, listing-digests.ts). */
export function firstPageView(meta: ListingMeta, target: ListingTarget, r: ListingResult, stockLabel: StockLabel): ListingView {
  return viewOf(meta, target, EMPTY_QUERY, r, stockLabel, LISTING_PAGE_SIZE);
}

const collators = new Map<LocaleCode, Intl.Collator>();
/** The storefront's collator, made once (localeCompare with a locale makes one per comparison). */
function collatorOf(locale: LocaleCode): Intl.Collator {
  let c = collators.get(locale);
  if (!c) collators.set(locale, (c = new Intl.Collator(locale)));
  return c;
}

function viewOf(
  meta: ListingMeta,
  target: ListingTarget,
  q: ListingQuery,
  r: ListingResult,
  stockLabel: StockLabel,
  pageSize: number,
): ListingView {
  const { locale } = meta;
  const { page } = r;
  const subcats = childrenOf(target);
  const route = ROUTES[target.kind];
  const param = target.kind === 'category' ? target.category.path.join('/') : target.slug;
  const paged = (n: number) => pathFor(route.paged, locale, { [route.key]: param, page: String(n) });
  const firstPath = pathFor(route.first, locale, { [route.key]: param });
  const href = (n: number, x: ListingQuery = q) => (n === 1 && !isRefined(x) ? firstPath : paged(n) + listingSearch(x));
  const partialHref = (n: number, x: ListingQuery = q) => {
    const s = listingSearch(x);
    return `${paged(n)}${s ? `${s}&` : '?'}partial=1`;
  };
  const keep = (o: FacetOption) => o.count > 0 || o.checked;
  const brands =
    target.kind === 'brand'
      ? []
      : [...meta.brandBySlug.values()]
          .map((b) => facetOption(b.slug, b.name, r.facets.brands.get(b.slug) ?? 0, q.brands))
          .filter(keep)
          .sort((a, b) => collatorOf(locale).compare(a.label, b.label));
  const from = r.total === 0 ? 0 : (page - 1) * pageSize + 1;
  return {
    locale,
    kind: target.kind,
    query: q,
    refined: isRefined(q),
    page,
    pages: r.pages,
    total: r.total,
    from: r.items.length ? from : 0,
    to: r.items.length ? from + r.items.length - 1 : 0,
    ids: r.items.map((x) => x.id),
    facets: {
      brands,
      subs: subcats.map((c) => facetOption(c.slug, c.name, r.facets.subs.get(c.slug) ?? 0, q.subs)).filter(keep),
      stock: availabilityOrder.map((a) => facetOption(a, stockLabel(a), r.facets.stock.get(a) ?? 0, q.stock)).filter(keep),
      price: r.facets.price,
    },
    firstPath,
    formAction: paged(1),
    href,
    partialHref,
  };
}
