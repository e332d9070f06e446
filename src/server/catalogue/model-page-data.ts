/**
 * What a model page shows (docs/product/parts-finder.md#model-pages), loaded two ways that must agree like the
 * listings' first pages (docs/adr/0017-incremental-pages.md): its parts' cards from the build's memoized catalogue
 * when prerendered, or read now by id (the render twin, a first request, a filtered view). Prices and stock are
 * the cards' own (page-catalogue.ts), never computed here. Its tags are every part it lists (`product:<id>`), so
 * the change feed's price and stock changes re-render it.
 */
import { getDb } from '#server/db/connection.ts';
import { LOCALES, LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { availabilityOf, EMPTY_QUERY, isRefined, type Availability, type ListingQuery } from '#lib/catalogue/listing-query.ts';
import { availabilityOrder, defaultOrder, stockRank, type ListingItem } from '#lib/catalogue/listing-filter.ts';
import { groupModelParts, refineModelParts, type PartGroup, type PartType } from '#lib/catalogue/model-page.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { modelBySlug, type ModelDetail } from './appliance-models.ts';
import type { PageProduct } from './page-catalogue.ts';
import { categoryTrail, flattenCategories, loadCategoryTree, type Category } from './category-repository.ts';
import { brandsById, listingProducts } from './listing-products.ts';
import { rankNames } from '#lib/catalogue/name-ranks.ts';
import { facetOption, type FacetOption } from './listing-view.ts';
import { stockLabeller } from './listing-request.ts';
import { productTag } from './page-tags.ts';

export interface ModelPageData {
  model: ModelDetail;
  /** The parts shown (all, or those the filter keeps), grouped by part type. */
  groups: PartGroup<PageProduct>[];
  /** Parts shown / parts of the model sold in this storefront. */
  shown: number;
  total: number;
  query: ListingQuery;
  refined: boolean;
  facets: {
    types: FacetOption[];
    brands: FacetOption[];
    stock: FacetOption<Availability>[];
    price?: { min: number; max: number };
  };
  /** The appliance category and its ancestors, root first (breadcrumbs). */
  trail: Category[];
  /** Storefronts that have the page (the appliance category is translated there): locale → slug. */
  alternates: Partial<Record<LocaleCode, string>>;
  pageTags: string[];
}

const partType =
  (byId: ReadonlyMap<number, Category>) =>
  (p: PageProduct): PartType | null => {
    const c = p.mainCategoryId !== null ? byId.get(p.mainCategoryId) : undefined;
    return c ? { id: c.id, name: c.name, slug: c.slug } : null;
  };

function pageData(
  locale: LocaleCode,
  model: ModelDetail,
  products: readonly PageProduct[],
  categoryById: ReadonlyMap<number, Category>,
  query: ListingQuery,
  alternates: Partial<Record<LocaleCode, string>>,
): ModelPageData {
  const typeOf = partType(categoryById);
  const ranks = rankNames(
    products.map((p) => p.name),
    locale,
  );
  const items: ListingItem[] = products
    .map((p, i) => ({
      id: p.id,
      nameRank: ranks[i],
      stockRank: stockRank(p.stock_status, p.orderable),
      brand: p.brand?.slug ?? null,
      availability: availabilityOf(p.stock_status),
      price: unitPrice(p.prices, 1),
      vat: p.vat,
      // the part type only: the type filter then matches the group a part is listed in
      categoryIds: p.mainCategoryId !== null ? [p.mainCategoryId] : [],
    }))
    .sort(defaultOrder);
  const types = new Map<string, PartType>();
  for (const p of products) {
    const t = typeOf(p);
    if (t) types.set(t.slug, types.get(t.slug) ?? t);
  }
  const brands = new Map(products.flatMap((p) => (p.brand ? [[p.brand.slug, p.brand.name] as const] : [])));
  // values that cannot apply here are dropped, like any bad value
  const q: ListingQuery = { ...query, brands: query.brands.filter((b) => brands.has(b)), subs: query.subs.filter((s) => types.has(s)) };
  const r = refineModelParts(items, q, LOCALES[locale].currency, types.values());
  const kept = new Set(r.matched.map((x) => x.id));
  const byId = new Map(products.map((p) => [p.id, p]));
  const keep = (o: FacetOption) => o.count > 0 || o.checked;
  const byLabel = (a: FacetOption, b: FacetOption) => a.label.localeCompare(b.label, locale);
  const stockLabel = stockLabeller(locale);
  return {
    model,
    groups: groupModelParts(model.parts, byId, typeOf, locale, (id) => kept.has(id)),
    shown: kept.size,
    total: products.length,
    query: q,
    refined: isRefined(q),
    facets: {
      types: [...types.values()]
        .map((t) => facetOption(t.slug, t.name, r.facets.subs.get(t.slug) ?? 0, q.subs))
        .filter(keep)
        .sort(byLabel),
      brands: [...brands]
        .map(([slug, name]) => facetOption(slug, name, r.facets.brands.get(slug) ?? 0, q.brands))
        .filter(keep)
        .sort(byLabel),
      stock: availabilityOrder.map((a) => facetOption(a, stockLabel(a), r.facets.stock.get(a) ?? 0, q.stock)).filter(keep),
      price: r.facets.price,
    },
    trail: categoryTrail(categoryById, categoryById.get(model.categoryId)),
    alternates,
    pageTags: products.map((p) => productTag(p.id)).sort(),
  };
}

/** The storefronts whose appliance category is translated: the model page exists there (same slug everywhere). */
async function modelAlternates(model: ModelDetail): Promise<Partial<Record<LocaleCode, string>>> {
  const rows = await getDb().selectFrom('category_translations').where('category_id', '=', model.categoryId).select('locale').execute();
  const has = new Set(rows.map((r) => r.locale));
  return Object.fromEntries(LOCALE_CODES.filter((c) => has.has(c)).map((c) => [c, model.slug]));
}

/** A model page from the database as it is now (the build, render twin, first request), optionally filtered. */
export async function freshModelPage(locale: LocaleCode, slug: string, query: ListingQuery = EMPTY_QUERY): Promise<ModelPageData | null> {
  const db = getDb();
  const model = await modelBySlug(db, slug, locale);
  if (!model) return null;
  const [brands, tree, alternates] = await Promise.all([brandsById(db), loadCategoryTree(db, locale), modelAlternates(model)]);
  const products = await listingProducts(
    locale,
    model.parts.map((p) => p.productId),
    brands,
  );
  const categoryById = new Map(flattenCategories(tree).map((c) => [c.id, c]));
  return pageData(locale, model, products, categoryById, query, alternates);
}

/** Every model page of the storefronts (sitemaps): its slug and the storefronts that have it, in model order. */
export async function modelPagesForSitemap(): Promise<{ slug: string; alternates: Partial<Record<LocaleCode, string>> }[]> {
  const db = getDb();
  const [models, translated] = await Promise.all([
    db.selectFrom('appliance_models').select(['slug', 'category_id']).orderBy('id').execute(),
    db.selectFrom('category_translations').select(['category_id', 'locale']).execute(),
  ]);
  const locales = new Map<number, Set<string>>();
  for (const r of translated) locales.set(r.category_id, (locales.get(r.category_id) ?? new Set()).add(r.locale));
  return models.map((m) => ({
    slug: m.slug,
    alternates: Object.fromEntries(LOCALE_CODES.filter((c) => locales.get(m.category_id)?.has(c)).map((c) => [c, m.slug])),
  }));
}
