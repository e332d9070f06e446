/**
 * What the static first page of a category, brand or tag listing shows, loaded two ways that must agree
 * (docs/adr/0017-incremental-pages.md): from the build's memoized catalogue (listing-build-source.ts), or — when
 * a change re-renders the page — from this process's listing index brought up to date with the change feed
 * (listing-index.ts) and the page's cards read fresh by id (listing-products.ts). Its tags are the products it shows.
 */
import { getDb } from '#server/db/connection.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { EMPTY_QUERY } from '#lib/catalogue/listing-query.ts';
import type { ListingResult } from '#lib/catalogue/listing-filter.ts';
import { buildBrands, categoryPaths, localeCatalogue, tagSlugs, type PageProduct } from './page-catalogue.ts';
import { categoryTrail, flattenCategories, loadCategoryTree, type Category } from './category-repository.ts';
import { currentListingIndex } from './listing-index.ts';
import { listingProducts } from './listing-products.ts';
import type { ListingBrand, ListingSource, ListingTag } from './listing-source.ts';
import { firstPageView, listingView, type ListingTarget, type ListingView } from './listing-view.ts';
import { stockLabeller } from './listing-request.ts';
import { localizedProducts } from './localized-products.ts';
import { productTag } from './page-tags.ts';

interface FirstPage {
  view: ListingView;
  shown: PageProduct[];
  /** Products of the whole listing (the description says how many). */
  count: number;
  /** The listing's path per storefront (hreflang alternates). */
  alternates: Partial<Record<LocaleCode, string>>;
  pageTags: string[];
}
export interface CategoryFirstPage extends FirstPage {
  category: Category;
  trail: Category[];
  /** Products per subcategory chip. */
  childCounts: Record<number, number>;
}
export interface BrandFirstPage extends FirstPage {
  brand: ListingBrand;
}
export interface TagFirstPage extends FirstPage {
  tag: ListingTag;
}

const firstView = (locale: LocaleCode, source: ListingSource, target: ListingTarget) =>
  listingView(source, target, EMPTY_QUERY, 1, stockLabeller(locale));

/** A listing without products (a category with none in this storefront). */
const EMPTY_RESULT: ListingResult = {
  total: 0,
  page: 1,
  pages: 1,
  items: [],
  facets: { brands: new Map(), subs: new Map(), stock: new Map() },
};

const tagged = (shown: readonly PageProduct[]) => shown.map((p) => productTag(p.id));

/** The build's first page of the listing (streamed digests, listing-digests.ts) with its cards read by id. */
async function fromBuild(locale: LocaleCode, target: ListingTarget, result: ListingResult | undefined) {
  const brands = await buildBrands();
  const view = firstPageView({ locale, brandBySlug: brands.bySlug }, target, result ?? EMPTY_RESULT, stockLabeller(locale));
  return { view, shown: await listingProducts(locale, view.ids, brands.byId) };
}

/** This process's listing index and the cards read now. */
async function fresh(locale: LocaleCode, source: ListingSource, target: ListingTarget) {
  const view = firstView(locale, source, target);
  return { view, shown: await listingProducts(locale, view.ids, source.brandById) };
}

const childCountsOf = (count: (id: number) => number, c: Category) => Object.fromEntries(c.children.map((x) => [x.id, count(x.id)]));

export async function categoryPageFromBuild(locale: LocaleCode, category: Category): Promise<CategoryFirstPage> {
  const cat = await localeCatalogue(locale);
  const listed = cat.listings.categories;
  const { view, shown } = await fromBuild(locale, { kind: 'category', category }, listed.get(category.id));
  return {
    category,
    trail: categoryTrail(cat.categoryById, category),
    childCounts: childCountsOf((id) => listed.get(id)?.total ?? 0, category),
    count: listed.get(category.id)?.total ?? 0,
    alternates: await categoryPaths(category.id),
    view,
    shown,
    pageTags: tagged(shown),
  };
}

export async function freshCategoryPage(locale: LocaleCode, all: string): Promise<CategoryFirstPage | null> {
  const source = await currentListingIndex(locale);
  const category = source.categoryByPath.get(all);
  if (!category) return null;
  const db = getDb();
  const alternates: Partial<Record<LocaleCode, string>> = {};
  for (const code of LOCALE_CODES) {
    const c = flattenCategories(await loadCategoryTree(db, code)).find((x) => x.id === category.id);
    if (c) alternates[code] = c.path.join('/');
  }
  const { view, shown } = await fresh(locale, source, { kind: 'category', category });
  return {
    category,
    trail: categoryTrail(source.categoryById, category),
    childCounts: childCountsOf((id) => source.inCategory.get(id)?.length ?? 0, category),
    count: source.inCategory.get(category.id)?.length ?? 0,
    alternates,
    view,
    shown,
    pageTags: tagged(shown),
  };
}

export async function brandPageFromBuild(locale: LocaleCode, brand: ListingBrand): Promise<BrandFirstPage> {
  const alternates: Partial<Record<LocaleCode, string>> = {};
  for (const code of LOCALE_CODES) if ((await localeCatalogue(code)).listings.brands.has(brand.id)) alternates[code] = brand.slug;
  const result = (await localeCatalogue(locale)).listings.brands.get(brand.id);
  const { view, shown } = await fromBuild(locale, { kind: 'brand', id: brand.id, slug: brand.slug }, result);
  return { brand, count: result?.total ?? 0, alternates, view, shown, pageTags: tagged(shown) };
}

export async function freshBrandPage(locale: LocaleCode, slug: string): Promise<BrandFirstPage | null> {
  const source = await currentListingIndex(locale);
  const brand = source.brandBySlug.get(slug);
  if (!brand || !source.ofBrand.has(brand.id)) return null;
  const db = getDb();
  const alternates: Partial<Record<LocaleCode, string>> = {};
  for (const code of LOCALE_CODES) {
    const sold = await localizedProducts(db, code).where('p.brand_id', '=', brand.id).select('p.id').limit(1).executeTakeFirst();
    if (sold) alternates[code] = brand.slug;
  }
  const { view, shown } = await fresh(locale, source, { kind: 'brand', id: brand.id, slug: brand.slug });
  return { brand, count: source.ofBrand.get(brand.id)?.length ?? 0, alternates, view, shown, pageTags: tagged(shown) };
}

export async function tagPageFromBuild(locale: LocaleCode, tag: ListingTag): Promise<TagFirstPage> {
  const result = (await localeCatalogue(locale)).listings.tags.get(tag.id);
  const { view, shown } = await fromBuild(locale, { kind: 'tag', id: tag.id, slug: tag.slug }, result);
  return { tag, count: result?.total ?? 0, alternates: await tagSlugs(tag.id), view, shown, pageTags: tagged(shown) };
}

export async function freshTagPage(locale: LocaleCode, slug: string): Promise<TagFirstPage | null> {
  const source = await currentListingIndex(locale);
  const tag = source.tagBySlug.get(slug);
  if (!tag) return null;
  const rows = await getDb().selectFrom('tag_translations').where('tag_id', '=', tag.id).select(['locale', 'slug']).execute();
  const alternates = Object.fromEntries(rows.map((r) => [r.locale, r.slug])) as Partial<Record<LocaleCode, string>>;
  const { view, shown } = await fresh(locale, source, { kind: 'tag', id: tag.id, slug: tag.slug });
  return { tag, count: source.withTag.get(tag.id)?.length ?? 0, alternates, view, shown, pageTags: tagged(shown) };
}
