/**
 * The catalogue as the static pages need it, loaded in a handful of queries per build (never one query
 * per page): every product of a locale with prices, images, categories and tags, plus the per-locale slugs
 * of products, categories and tags for hreflang alternates. Memoized per process: a build is one process,
 * and a rebuild is a fresh one, so pages always see the catalogue as it was when the build started.
 */
import { getDb } from '#server/db/connection.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import type { PriceObject, Variation } from '#lib/catalogue/types.ts';
import type { ProductImage } from '#lib/catalogue/product-images.ts';
import { flattenCategories, loadCategoryTree, type Category } from './category-repository.ts';
import { pricesFromRow } from './price-row.ts';
import { priorPricesOf } from './price-history.ts';
import type { PriorPrices } from '#lib/pricing/prior-price.ts';
import { pageProductRows, type PageProductRow } from './localized-products.ts';
import { linksOf, productLinks, type ProductLinkMaps, type ProductLinks } from './product-rows.ts';
import { push } from '#lib/catalogue/map-of-lists.ts';

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
  products: PageProduct[];
  categoryTree: Category[];
  categories: Category[];
  categoryById: Map<number, Category>;
  /** Products in a category and all its descendants, sorted for listing. */
  productsInCategory: Map<number, PageProduct[]>;
  brands: PageBrand[];
  productsOfBrand: Map<number, PageProduct[]>;
  tags: PageTag[];
  productsWithTag: Map<number, PageProduct[]>;
}

interface Shared {
  /** Every product's images, categories and tags (the same read as a listing card's, product-rows.ts). */
  links: ProductLinkMaps;
  productSlugs: Map<number, Partial<Record<LocaleCode, string>>>;
  tagSlugs: Map<number, Partial<Record<LocaleCode, string>>>;
  brands: PageBrand[];
}

async function loadShared(): Promise<Shared> {
  const db = getDb();
  const [links, slugs, tagSlugs, brands] = await Promise.all([
    productLinks(db, 'every', { images: true, categories: true, tags: true }),
    db.selectFrom('product_translations').select(['product_id', 'locale', 'slug']).execute(),
    db.selectFrom('tag_translations').select(['tag_id', 'locale', 'slug']).execute(),
    db.selectFrom('brands').select(['id', 'slug', 'name', 'logo_url']).orderBy('name').execute(),
  ]);
  const s: Shared = { links, productSlugs: new Map(), tagSlugs: new Map(), brands };
  for (const r of slugs) {
    const m = s.productSlugs.get(r.product_id) ?? {};
    m[r.locale as LocaleCode] = r.slug;
    s.productSlugs.set(r.product_id, m);
  }
  for (const r of tagSlugs) {
    const m = s.tagSlugs.get(r.tag_id) ?? {};
    m[r.locale as LocaleCode] = r.slug;
    s.tagSlugs.set(r.tag_id, m);
  }
  return s;
}

let shared: Promise<Shared> | undefined;
const perLocale = new Map<LocaleCode, Promise<LocaleCatalogue>>();

export function sharedCatalogue(): Promise<Shared> {
  shared ??= loadShared();
  return shared;
}

/** In-stock first (what a shopper can get now), then by name. */
function listingOrder(collator: Intl.Collator) {
  const rank = (p: PageProduct) => (p.stock_status === 'in-stock' ? 0 : p.orderable ? 1 : 2);
  return (a: PageProduct, b: PageProduct) => rank(a) - rank(b) || collator.compare(a.name, b.name);
}

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
  const s = await sharedCatalogue();
  const [rows, categoryTree, tagRows, priors] = await Promise.all([
    pageProductRows(db, locale).orderBy('p.id').execute(),
    loadCategoryTree(db, locale),
    db
      .selectFrom('tags as g')
      .innerJoin('tag_translations as t', (j) => j.onRef('t.tag_id', '=', 'g.id').on('t.locale', '=', locale))
      .select(['g.id', 't.name', 't.slug'])
      .orderBy('t.name')
      .execute(),
    priorPricesOf(db, locale, 'all'),
  ]);
  const brandById = new Map(s.brands.map((b) => [b.id, b]));
  const categories = flattenCategories(categoryTree);
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const products: PageProduct[] = rows.map((r) => pageProduct(r, locale, brandById, linksOf(s.links, r.id), priors.get(r.id)));

  const productsInCategory = new Map<number, PageProduct[]>();
  const productsOfBrand = new Map<number, PageProduct[]>();
  const productsWithTag = new Map<number, PageProduct[]>();
  for (const p of products) {
    const seen = new Set<number>();
    for (const id of p.categoryIds) {
      // the product counts in its categories and every ancestor, once each
      for (let c = categoryById.get(id); c && !seen.has(c.id); c = c.parent_id !== null ? categoryById.get(c.parent_id) : undefined) {
        seen.add(c.id);
        push(productsInCategory, c.id, p);
      }
    }
    if (p.brand) push(productsOfBrand, p.brand.id, p);
    for (const t of p.tagIds) push(productsWithTag, t, p);
  }
  const order = listingOrder(new Intl.Collator(locale));
  for (const m of [productsInCategory, productsOfBrand, productsWithTag]) for (const list of m.values()) list.sort(order);

  return {
    locale,
    products,
    categoryTree,
    categories,
    categoryById,
    productsInCategory,
    brands: s.brands.filter((b) => productsOfBrand.has(b.id)),
    productsOfBrand,
    tags: tagRows.filter((t) => productsWithTag.has(t.id)),
    productsWithTag,
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

/** Product slug per locale (hreflang): only locales where the product exists. */
export async function productSlugs(id: number): Promise<Partial<Record<LocaleCode, string>>> {
  return (await sharedCatalogue()).productSlugs.get(id) ?? {};
}

export async function tagSlugs(id: number): Promise<Partial<Record<LocaleCode, string>>> {
  return (await sharedCatalogue()).tagSlugs.get(id) ?? {};
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
