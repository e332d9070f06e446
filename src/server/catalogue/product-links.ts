/**
 * Per-product thumbnails and category links for a set of products, grouped by product id in one pass:
 * shared by cart sync and search, which both answer lists of products.
 */
import type { Db } from '#server/db/connection.ts';
import { ImageType, type Thumb } from '#lib/catalogue/types.ts';

/** The first Thumb image (by sort_order) of each product; products without one are absent (placeholder). */
export async function thumbsByProduct(db: Db, ids: readonly number[]): Promise<Map<number, Thumb>> {
  const out = new Map<number, Thumb>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('product_images')
    .select(['product_id', 'url', 'width', 'height'])
    .where('product_id', 'in', [...ids])
    .where('type', '=', ImageType.Thumb)
    .orderBy('product_id')
    .orderBy('sort_order')
    .execute();
  for (const r of rows) if (!out.has(r.product_id)) out.set(r.product_id, { url: r.url, width: r.width, height: r.height });
  return out;
}

export interface CategoryLink {
  category_id: number;
  main: boolean;
}

/** Each product's category ids, main category first. */
export async function categoriesByProduct(db: Db, ids: readonly number[]): Promise<Map<number, CategoryLink[]>> {
  const out = new Map<number, CategoryLink[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('product_categories')
    .select(['product_id', 'category_id', 'main'])
    .where('product_id', 'in', [...ids])
    .execute();
  for (const r of rows) {
    const list = out.get(r.product_id) ?? [];
    list.push({ category_id: r.category_id, main: !!r.main });
    out.set(r.product_id, list);
  }
  for (const list of out.values()) list.sort((a, b) => Number(b.main) - Number(a.main));
  return out;
}
