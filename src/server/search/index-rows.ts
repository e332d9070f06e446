/**
 * The rows one storefront's search index is built from (docs/adr/0004-public-api-and-search.md): products with
 * their refining facts, their category links, the category table. buildSearchIndex (search-index.ts) reads them
 * in id ranges, yielding between chunks; loadIndexRows reads them in one go for benches that build other engines
 * on exactly the same rows (bench/search-libraries.mjs, docs/adr/0013-search-engine.md).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { pricesFromRow } from '#server/catalogue/price-row.ts';
import { flattenCategories, loadCategoryTree } from '#server/catalogue/category-repository.ts';
import type { FacetCategory, IndexProduct, IndexProductCategory } from './index-builder.ts';

export interface IndexRows {
  /** Ascending product id. */
  products: IndexProduct[];
  /** Every product's category links with the category's name in the storefront's language. */
  links: IndexProductCategory[];
  categories: FacetCategory[];
}

/** Products in ascending id order: all, or the `limit` after id `after`. */
export async function indexProducts(db: Db, locale: LocaleCode, range?: { after: number; limit: number }): Promise<IndexProduct[]> {
  let q = localizedProducts(db, locale)
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .select(['p.id', 'p.sku', 't.name', 'b.name as brand', 'p.brand_id', 'p.stock_status', 'p.orderable', 'pr.prices', 'pr.vat'])
    .orderBy('p.id');
  if (range) q = q.where('p.id', '>', range.after).limit(range.limit);
  return (await q.execute()).map(({ prices, vat, ...r }) => ({ ...r, price: unitPrice(pricesFromRow({ prices }), 1), vat: Number(vat) }));
}

/** Category links with the category's name: all, or those of products with after < id ≤ upTo. */
export function indexCategoryLinks(db: Db, locale: LocaleCode, range?: { after: number; upTo: number }): Promise<IndexProductCategory[]> {
  let q = db
    .selectFrom('product_categories as pc')
    .innerJoin('category_translations as ct', (j) => j.onRef('ct.category_id', '=', 'pc.category_id').on('ct.locale', '=', locale))
    .select(['pc.product_id', 'pc.category_id', 'pc.main', 'ct.name'])
    .orderBy('pc.product_id');
  if (range) q = q.where('pc.product_id', '>', range.after).where('pc.product_id', '<=', range.upTo);
  return q.execute();
}

export async function facetCategories(db: Db, locale: LocaleCode): Promise<FacetCategory[]> {
  return flattenCategories(await loadCategoryTree(db, locale)).map((c) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    uri: c.uri,
    hierarchy: c.hierarchy,
  }));
}

export async function loadIndexRows(db: Db, locale: LocaleCode): Promise<IndexRows> {
  const products = await indexProducts(db, locale);
  const links = await indexCategoryLinks(db, locale);
  return { products, links, categories: await facetCategories(db, locale) };
}
