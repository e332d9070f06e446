/**
 * An on-demand listing request (page 2+ or a filtered/sorted listing; docs/adr/0012-listing-pages.md): the
 * path parameters and query → not found, a redirect to the static first page, or the page to render with
 * its headers. The data comes from the process's listing index, the cards from the database.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { parseListingQuery, parsePageNumber, type Availability } from '#lib/catalogue/listing-query.ts';
import type { PageProduct } from './page-catalogue.ts';
import { categoryTrail, type Category } from './category-repository.ts';
import { listingIndex } from './listing-index.ts';
import { listingProducts } from './listing-products.ts';
import { listingView, type ListingTarget, type ListingView } from './listing-view.ts';
import type { ListingSource } from './listing-source.ts';

export interface Crumb {
  name: string;
  href: string;
}

export type ListingParams = { kind: 'category'; all: string } | { kind: 'brand' | 'tag'; slug: string };

/** The same for every visitor: shared caches keep it a while and may serve it stale while they refetch. */
export const LISTING_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=3600';
/** Query parameters of the listing itself; any other (utm_…, disc …) is left for the page's script. */
const OWN = new Set(['brand', 'sub', 'stock', 'min', 'max', 'vat', 'sort', 'partial']);

export type ListingAnswer =
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string }
  | {
      kind: 'page';
      partial: boolean;
      view: ListingView;
      products: PageProduct[];
      /** Heading and title of the listing (without the page number). */
      heading: string;
      brand?: { name: string; logo_url: string | null };
      category?: Category;
      source: ListingSource;
    };

/** The status and headers of an on-demand listing page (a redirect is answered by the page itself). */
export function applyListingHeaders(answer: ListingAnswer, response: { status?: number; headers: Headers }): void {
  if (answer.kind === 'not-found') response.status = 404;
  else if (answer.kind === 'page') {
    response.headers.set('cache-control', LISTING_CACHE_CONTROL);
    if (answer.partial) response.headers.set('x-robots-tag', 'noindex');
  }
}

export const stockLabeller = (locale: LocaleCode) => {
  const t = translator(locale);
  const key: Record<Availability, string> = {
    'in-stock': 'stock.in-stock',
    'back-order': 'stock.back-order-quick',
    'on-order': 'stock.on-order-nodate',
    'out-of-stock': 'stock.out-of-stock',
    discontinued: 'stock.discontinued',
  };
  return (a: Availability) => t(key[a]);
};

export async function onDemandListing(
  locale: LocaleCode,
  params: ListingParams,
  pageParam: string | undefined,
  url: URL,
): Promise<ListingAnswer> {
  const page = parsePageNumber(pageParam);
  if (page === undefined) return { kind: 'not-found' };
  const source = await listingIndex(locale);
  const t = translator(locale);
  let target: ListingTarget;
  let heading: string;
  let brand: { name: string; logo_url: string | null } | undefined;
  let category: Category | undefined;
  if (params.kind === 'category') {
    category = source.categoryByPath.get(params.all);
    if (!category) return { kind: 'not-found' };
    target = { kind: 'category', category };
    heading = category.name;
  } else if (params.kind === 'brand') {
    const b = source.brandBySlug.get(params.slug);
    if (!b || !source.ofBrand.has(b.id)) return { kind: 'not-found' };
    target = { kind: 'brand', id: b.id, slug: b.slug };
    heading = t('brand.title', { brand: b.name });
    brand = b;
  } else {
    const tag = source.tagBySlug.get(params.slug);
    if (!tag || !source.withTag.has(tag.id)) return { kind: 'not-found' };
    target = { kind: 'tag', id: tag.id, slug: tag.slug };
    heading = tag.name;
  }
  const partial = url.searchParams.get('partial') === '1';
  const view = listingView(source, target, parseListingQuery(url.searchParams), page, stockLabeller(locale));
  if (page > view.pages) return { kind: 'not-found' };
  if (page === 1 && !view.refined && !partial) {
    // the unfiltered first page is the static one; other parameters (campaign, discount) go along
    const rest = new URLSearchParams([...url.searchParams].filter(([k]) => !OWN.has(k))).toString();
    return { kind: 'redirect', to: view.firstPath + (rest ? `?${rest}` : '') };
  }
  const products = await listingProducts(locale, view.ids, source.brandById);
  return { kind: 'page', partial, view, products, heading, brand, category, source };
}

/** Breadcrumbs of a listing: home, then the category trail or the brand/tag. */
export function listingCrumbs(locale: LocaleCode, answer: Extract<ListingAnswer, { kind: 'page' }>): Crumb[] {
  const t = translator(locale);
  const home = { name: t('layout.home'), href: pathFor('index', locale) };
  const c = answer.category;
  if (!c) return [home, { name: answer.brand?.name ?? answer.heading, href: answer.view.firstPath }];
  return [home, ...categoryTrail(answer.source.categoryById, c).map((x) => ({ name: x.name, href: x.uri }))];
}
