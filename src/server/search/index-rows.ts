/**
 * Everything one storefront's search index is built from, read in one go: the rows buildSearchIndex
 * (search-index.ts) reads in chunks. For benches that build other engines on exactly the same rows
 * (bench/search-libraries.mjs, docs/adr/0013-search-engine.md); the server builds in chunks, not with this.
 * Only what search matches and ranks on: the refining facts (brand id, stock status, price) are left out.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { flattenCategories, loadCategoryTree } from '#server/catalogue/category-repository.ts';
import type { FacetCategory, IndexProduct, IndexProductCategory } from './index-builder.ts';

export interface IndexRows {
  /** Ascending product id. */
  products: IndexProduct[];
  /** Every product's category links with the category's name in the storefront's language. */
  links: IndexProductCategory[];
  categories: FacetCategory[];
}

export async function loadIndexRows(db: Db, locale: LocaleCode): Promise<IndexRows> {
  const products = await localizedProducts(db, locale)
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .select(['p.id', 'p.sku', 't.name', 'b.name as brand'])
    .orderBy('p.id')
    .execute();
  const links = await db
    .selectFrom('product_categories as pc')
    .innerJoin('category_translations as ct', (j) => j.onRef('ct.category_id', '=', 'pc.category_id').on('ct.locale', '=', locale))
    .select(['pc.product_id', 'pc.category_id', 'pc.main', 'ct.name'])
    .orderBy('pc.product_id')
    .execute();
  const categories = flattenCategories(await loadCategoryTree(db, locale)).map((c) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    uri: c.uri,
    hierarchy: c.hierarchy,
  }));
  return { products, links, categories };
}
