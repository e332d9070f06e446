/**
 * What a product page shows, loaded two ways that must agree (docs/adr/0017-incremental-pages.md):
 * - `productPageFromBuild`: at build time, the product read in a batch with the next pages' (build-products.ts) and
 *   the storefront's memoized category tree and tags;
 * - `freshProductPage`: when one page is re-rendered after its product changed, from a few queries by primary key,
 *   never from a memoized copy (a serving process would otherwise render the catalogue as it was at start).
 * The accessories and bundle are read the same way for both (`freshRelations`).
 */
import { getDb, type Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { categoryTrail, flattenCategories, loadCategoryTree, type Category } from './category-repository.ts';
import { buildBrands, localeCatalogue, type PageBrand, type PageProduct, type PageTag } from './page-catalogue.ts';
import type { BuiltProduct } from './build-products.ts';
import { brandsById, listingProducts } from './listing-products.ts';
import { ACCESSORIES_SHOWN, firstCompleteBundle, type ProductRelations, type StoredBundle } from './recommendations-build.ts';
import { recommendedIds } from './recommendation-facts.ts';
import { productPageTags, productTag } from './page-tags.ts';
import { partNumbersOf, type PartNumbers } from './part-numbers.ts';
import { builtProductSafety, productSafetyShown } from './product-safety.ts';
import type { ShownSafety } from '#lib/catalogue/product-safety.ts';

export interface ProductPageData {
  product: PageProduct;
  /** The main category and its ancestors, root first (breadcrumbs, JSON-LD category). */
  trail: Category[];
  /** The product's tags translated in this storefront. */
  tags: PageTag[];
  /** The product's slug per storefront (hreflang alternates). */
  slugs: Partial<Record<LocaleCode, string>>;
  relations: ProductRelations;
  /** Manufacturer, EU responsible person and warning (GPSR art. 19, docs/product/legal.md); null only for a product imported before 0026. */
  safety: ShownSafety | null;
  /** Its OEM numbers, cross-references, old numbers and successor (docs/product/parts-finder.md#part-numbers). */
  partNumbers: PartNumbers;
  /** What the page shows, as change-feed tags: a change to any of them re-renders the page (page-tags.ts). */
  pageTags: string[];
}

const trailOf = (byId: ReadonlyMap<number, Category>, p: PageProduct): Category[] =>
  categoryTrail(byId, p.mainCategoryId !== null ? byId.get(p.mainCategoryId) : undefined);

function withTags(data: Omit<ProductPageData, 'pageTags'>): ProductPageData {
  const tags = productPageTags(data.product, data.relations);
  // the notice names the successor: its rename or removal re-renders this page too
  const successor = data.partNumbers.successor;
  if (successor && !tags.includes(productTag(successor.id))) tags.push(productTag(successor.id));
  return { ...data, pageTags: tags };
}

export async function productPageFromBuild(locale: LocaleCode, { product, slugs }: BuiltProduct): Promise<ProductPageData> {
  const db = getDb();
  const [cat, brands] = await Promise.all([localeCatalogue(locale), buildBrands()]);
  const tagById = new Map(cat.tags.map((g) => [g.id, g]));
  return withTags({
    product,
    trail: trailOf(cat.categoryById, product),
    tags: product.tagIds.flatMap((id) => tagById.get(id) ?? []),
    slugs,
    relations: await freshRelations(db, locale, product, brands.byId),
    safety: await builtProductSafety(product.id, product.brand?.id ?? null, locale),
    partNumbers: await partNumbersOf(db, locale, product.id),
  });
}

async function freshTags(db: Db, locale: LocaleCode, ids: readonly number[]): Promise<PageTag[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tags as g')
    .innerJoin('tag_translations as t', (j) => j.onRef('t.tag_id', '=', 'g.id').on('t.locale', '=', locale))
    .where('g.id', 'in', [...ids])
    .select(['g.id', 't.name', 't.slug'])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The accessories and bundle of one product, ranked and priced from the database as it is now. */
async function freshRelations(
  db: Db,
  locale: LocaleCode,
  product: PageProduct,
  brandById: Map<number, PageBrand>,
): Promise<ProductRelations> {
  const [ids, heads] = await Promise.all([
    recommendedIds(db, locale, { id: product.id }, ACCESSORIES_SHOWN),
    db.selectFrom('upsell_bundles').where('product_id', '=', product.id).select(['id', 'discount_percent']).orderBy('position').execute(),
  ]);
  const lines = heads.length
    ? await db
        .selectFrom('upsell_bundle_lines')
        .where(
          'bundle_id',
          'in',
          heads.map((h) => h.id),
        )
        .select(['bundle_id', 'product_id', 'quantity'])
        .orderBy('bundle_id')
        .orderBy('position')
        .execute()
    : [];
  const bundles: StoredBundle[] = heads.map((h) => ({
    id: h.id,
    discount_percent: h.discount_percent,
    lines: lines.filter((l) => l.bundle_id === h.id).map((l) => ({ product_id: l.product_id, quantity: l.quantity })),
  }));
  const wanted = [...new Set([...(ids ?? []), ...lines.map((l) => l.product_id)])];
  const byId = new Map((await listingProducts(locale, wanted, brandById)).map((x) => [x.id, x]));
  return {
    accessories: (ids ?? []).flatMap((id) => byId.get(id) ?? []),
    bundle: firstCompleteBundle(product, bundles, byId),
  };
}

/** The page of the product with this slug as the database says now; null when it is not sold in the storefront. */
export async function freshProductPage(locale: LocaleCode, slug: string): Promise<ProductPageData | null> {
  const db = getDb();
  const hit = await db
    .selectFrom('product_translations')
    .where('locale', '=', locale)
    .where('slug', '=', slug)
    .select('product_id')
    .executeTakeFirst();
  if (!hit) return null;
  const [brandById, tree, slugRows] = await Promise.all([
    brandsById(db),
    loadCategoryTree(db, locale),
    db.selectFrom('product_translations').where('product_id', '=', hit.product_id).select(['locale', 'slug']).execute(),
  ]);
  const [product] = await listingProducts(locale, [hit.product_id], brandById);
  if (!product) return null;
  const categoryById = new Map(flattenCategories(tree).map((c) => [c.id, c]));
  // independent reads at once: on PostgreSQL each one waits for the wire (a left-out page's first request)
  const [tags, relations, safety, partNumbers] = await Promise.all([
    freshTags(db, locale, product.tagIds),
    freshRelations(db, locale, product, brandById),
    productSafetyShown(db, product.id, locale),
    partNumbersOf(db, locale, product.id),
  ]);
  return withTags({
    product,
    trail: trailOf(categoryById, product),
    tags,
    slugs: Object.fromEntries(slugRows.map((r) => [r.locale, r.slug])) as Partial<Record<LocaleCode, string>>,
    relations,
    safety,
    partNumbers,
  });
}
