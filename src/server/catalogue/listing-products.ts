/**
 * The cards of one on-demand listing page (at most a page of products): the same product shape as the
 * static pages' page catalogue, loaded by id in three parameterized queries (docs/adr/0012-listing-pages.md).
 */
import { getDb, type Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { ProductImage } from '#lib/catalogue/product-images.ts';
import { pageProduct, type PageProduct } from './page-catalogue.ts';
import type { ListingBrand } from './listing-source.ts';
import { pageProductRows } from './localized-products.ts';

/** Every brand by id, read now (the table is small): for cards shown outside a listing. */
export async function brandsById(db: Db): Promise<Map<number, ListingBrand>> {
  const rows = await db.selectFrom('brands').select(['id', 'slug', 'name', 'logo_url']).execute();
  return new Map(rows.map((b) => [b.id, b]));
}

/** The products with these ids, in the order of `ids` (ids not published in the storefront are left out). */
export async function listingProducts(locale: LocaleCode, ids: number[], brandById: Map<number, ListingBrand>): Promise<PageProduct[]> {
  if (ids.length === 0) return [];
  const db = getDb();
  const [rows, images, cats, tags] = await Promise.all([
    pageProductRows(db, locale).where('p.id', 'in', ids).execute(),
    db
      .selectFrom('product_images')
      .where('product_id', 'in', ids)
      .select(['product_id', 'type', 'sort_order', 'url', 'width', 'height'])
      .orderBy('product_id')
      .orderBy('sort_order')
      .execute(),
    db
      .selectFrom('product_categories')
      .where('product_id', 'in', ids)
      .select(['product_id', 'category_id', 'main'])
      .orderBy('product_id')
      .orderBy('category_id')
      .execute(),
    db
      .selectFrom('product_tags')
      .where('product_id', 'in', ids)
      .select(['product_id', 'tag_id'])
      .orderBy('product_id')
      .orderBy('tag_id')
      .execute(),
  ]);
  const imagesOf = new Map<number, ProductImage[]>();
  for (const i of images) {
    const list = imagesOf.get(i.product_id) ?? [];
    list.push({ type: i.type, sort_order: i.sort_order, url: i.url, width: i.width, height: i.height });
    imagesOf.set(i.product_id, list);
  }
  const byId = new Map<number, PageProduct>();
  for (const r of rows) {
    const own = cats.filter((c) => c.product_id === r.id);
    byId.set(
      r.id,
      pageProduct(r, locale, brandById, {
        images: imagesOf.get(r.id) ?? [],
        categoryIds: own.map((c) => c.category_id),
        mainCategoryId: (own.find((c) => !!c.main) ?? own[0])?.category_id ?? null,
        tagIds: tags.filter((t) => t.product_id === r.id).map((t) => t.tag_id),
      }),
    );
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}
