/**
 * The cards of one on-demand listing page (at most a page of products): the same product shape as the
 * static pages' page catalogue, loaded by id in one parameterized query per table (product-rows.ts,
 * docs/adr/0012-listing-pages.md).
 */
import { getDb, type Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pageProduct, type PageProduct } from './page-catalogue.ts';
import type { ListingBrand } from './listing-source.ts';
import { PAGE_PRODUCT_COLUMNS } from './localized-products.ts';
import { productRows } from './product-rows.ts';
import { priorPricesOf } from './price-history.ts';

/** Every brand by id, read now (the table is small): for cards shown outside a listing. */
export async function brandsById(db: Db): Promise<Map<number, ListingBrand>> {
  const rows = await db.selectFrom('brands').select(['id', 'slug', 'name', 'logo_url']).execute();
  return new Map(rows.map((b) => [b.id, b]));
}

/** The products with these ids, in the order of `ids` (ids not published in the storefront are left out). */
export async function listingProducts(locale: LocaleCode, ids: number[], brandById: Map<number, ListingBrand>): Promise<PageProduct[]> {
  if (ids.length === 0) return [];
  const db = getDb();
  const [rows, priors] = await Promise.all([
    productRows(db, locale, { ids }, PAGE_PRODUCT_COLUMNS, { images: true, categories: true, tags: true }),
    priorPricesOf(db, locale, ids),
  ]);
  const byId = new Map(rows.map(({ row, links }) => [row.id, pageProduct(row, locale, brandById, links, priors.get(row.id))]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
