/**
 * What the static pages need of a storefront's catalogue, and nothing per product (docs/adr/0031-build-in-bounded-memory.md):
 * the category tree, the brands and tags sold there, and every listing's first page counted in one streamed pass
 * (listing-digests.ts). Product pages read their products in batches (build-products.ts). Memoized per process:
 * a build is one process, and a rebuild is a fresh one, so pages see the catalogue as it was when the build started.
 * Also the shape of a product as the pages show it (PageProduct), shared with the on-demand pages.
 */
import { getDb } from '#server/db/connection.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import type { PriceObject, Variation } from '#lib/catalogue/types.ts';
import type { ProductImage } from '#lib/catalogue/product-images.ts';
import { flattenCategories, loadCategoryTree, type Category } from './category-repository.ts';
import { pricesFromRow } from './price-row.ts';
import type { PriorPrices } from '#lib/pricing/prior-price.ts';
import type { PageProductRow } from './localized-products.ts';
import type { ProductLinks } from './product-rows.ts';
import { listingDigests, type ListingDigests } from './listing-digests.ts';

export interface PageBrand {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
}
export interface PageTag {
  id: number;
  name: string;
  slug: string;
}

export interface PageProduct {
  id: number;
  sku: string;
  type: number;
  name: string;
  slug: string;
  url: string;
  description: string;
  brand: PageBrand | null;
  stock_status: string;
  estimated_at: string | null;
  orderable: boolean;
  notifyable: boolean;
  decoration: string | null;
  variations: Variation[];
  group_id: number | null;
  discount_category: string | null;
  prices: PriceObject;
  /** Prior prices of reduced tiers, from the price history when loaded (docs/adr/0022-prior-price.md). */
  prior: PriorPrices;
  vat: number;
  unit_price: number;
  images: ProductImage[];
  categoryIds: number[];
  mainCategoryId: number | null;
  tagIds: number[];
  updated_at: string;
}

export interface LocaleCatalogue {
  locale: LocaleCode;
  categoryTree: Category[];
  categories: Category[];
  categoryById: Map<number, Category>;
  /** Brands with a product in this storefront, by name. */
  brands: PageBrand[];
  /** Tags with a product in this storefront, by name. */
  tags: PageTag[];
  /** The first page of every listing with a product. */
  listings: ListingDigests;
}

export interface BuildBrands {
  /** By name. */
  list: PageBrand[];
  byId: Map<number, PageBrand>;
  bySlug: Map<string, PageBrand>;
}

/** Every brand, read once per build (the brand facet and cards name them; brand slugs are the same in every storefront). */
let allBrands: Promise<BuildBrands> | undefined;
export function buildBrands(): Promise<BuildBrands> {
  allBrands ??= getDb()
    .selectFrom('brands')
    .select(['id', 'slug', 'name', 'logo_url'])
    .orderBy('name')
    .execute()
    .then((list) => ({ list, byId: new Map(list.map((b) => [b.id, b])), bySlug: new Map(list.map((b) => [b.slug, b])) }));
  return allBrands;
}

let tagSlugMap: Promise<Map<number, Partial<Record<LocaleCode, string>>>> | undefined;
const perLocale = new Map<LocaleCode, Promise<LocaleCatalogue>>();

/** A row of PAGE_PRODUCT_COLUMNS as the pages show it, with its images and links loaded by the caller (product-rows.ts). */
export function pageProduct(
  r: PageProductRow,
  locale: LocaleCode,
  brandById: ReadonlyMap<number, PageProduct['brand'] & object>,
  links: Pick<ProductLinks, 'images' | 'categories' | 'tagIds'>,
  prior: PriorPrices = {},
): PageProduct {
  return {
    id: r.id,
    sku: r.sku,
    type: r.type,
    name: r.name,
    slug: r.slug,
    url: pathFor('product', locale, { slug: r.slug }),
    description: r.description,
    brand: r.brand_id !== null ? (brandById.get(r.brand_id) ?? null) : null,
    stock_status: r.stock_status,
    estimated_at: r.estimated_at,
    orderable: !!r.orderable,
    notifyable: !!r.notifyable,
    decoration: r.decoration,
    variations: JSON.parse(r.variations) as Variation[],
    group_id: r.group_id,
    discount_category: r.discount_category,
    prices: pricesFromRow(r),
    prior,
    vat: r.vat,
    unit_price: r.unit_price,
    images: links.images,
    categoryIds: links.categories.map((c) => c.category_id),
    // the main category, else the first by id
    mainCategoryId: (links.categories.find((c) => c.main) ?? links.categories[0])?.category_id ?? null,
    tagIds: links.tagIds,
    updated_at: r.updated_at,
  };
}

async function loadLocale(locale: LocaleCode): Promise<LocaleCatalogue> {
  const db = getDb();
  const [categoryTree, { list: brands }, tagRows] = await Promise.all([
    loadCategoryTree(db, locale),
    buildBrands(),
    db
      .selectFrom('tags as g')
      .innerJoin('tag_translations as t', (j) => j.onRef('t.tag_id', '=', 'g.id').on('t.locale', '=', locale))
      .select(['g.id', 't.name', 't.slug'])
      .orderBy('t.name')
      .execute(),
  ]);
  const categories = flattenCategories(categoryTree);
  const listings = await listingDigests(db, locale, categories, brands);
  return {
    locale,
    categoryTree,
    categories,
    categoryById: new Map(categories.map((c) => [c.id, c])),
    brands: brands.filter((b) => listings.brands.has(b.id)),
    tags: tagRows.filter((t) => listings.tags.has(t.id)),
    listings,
  };
}

export function localeCatalogue(locale: LocaleCode): Promise<LocaleCatalogue> {
  let p = perLocale.get(locale);
  if (!p) {
    p = loadLocale(locale);
    p.catch(() => perLocale.delete(locale));
    perLocale.set(locale, p);
  }
  return p;
}

/** Tag slug per locale (hreflang): only locales where the tag is translated. */
export async function tagSlugs(id: number): Promise<Partial<Record<LocaleCode, string>>> {
  tagSlugMap ??= getDb()
    .selectFrom('tag_translations')
    .select(['tag_id', 'locale', 'slug'])
    .execute()
    .then((rows) => {
      const m = new Map<number, Partial<Record<LocaleCode, string>>>();
      for (const r of rows) m.set(r.tag_id, { ...m.get(r.tag_id), [r.locale]: r.slug });
      return m;
    });
  return (await tagSlugMap).get(id) ?? {};
}

/** Category path per locale (hreflang): the same category id in every storefront's tree. */
export async function categoryPaths(id: number): Promise<Partial<Record<LocaleCode, string>>> {
  const out: Partial<Record<LocaleCode, string>> = {};
  for (const code of LOCALE_CODES) {
    const c = (await localeCatalogue(code)).categoryById.get(id);
    if (c) out[code] = c.path.join('/');
  }
  return out;
}
