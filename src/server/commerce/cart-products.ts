/** The facts a cart line is priced from, for a set of skus in one storefront (one round trip per table). */
import type { Db } from '../db/connection.ts';
import type { LocaleCode } from '../../lib/locales.ts';
import { ImageType, type PriceObject } from '../../lib/catalogue.ts';
import type { CartProductFacts } from '../../lib/cart/sync-cart.ts';

export async function cartProductsBySku(db: Db, locale: LocaleCode, skus: readonly string[]): Promise<Map<string, CartProductFacts>> {
  const unique = [...new Set(skus)];
  const out = new Map<string, CartProductFacts>();
  if (unique.length === 0) return out;
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', locale))
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', locale))
    .select(['p.id', 'p.sku', 'p.type', 'p.group_id', 'p.discount_category', 'p.stock_status', 'p.stock_quantity', 'p.estimated_at', 'p.orderable',
      't.name', 't.slug', 'pr.prices', 'pr.vat'])
    .where('p.sku', 'in', unique)
    .execute();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const [cats, thumbs] = await Promise.all([
    db.selectFrom('product_categories').select(['product_id', 'category_id', 'main']).where('product_id', 'in', ids).execute(),
    db.selectFrom('product_images').select(['product_id', 'url', 'width', 'height', 'sort_order'])
      .where('product_id', 'in', ids).where('type', '=', ImageType.Thumb).orderBy('sort_order').execute(),
  ]);
  for (const r of rows) {
    const thumb = thumbs.find((i) => i.product_id === r.id);
    out.set(r.sku, {
      product_id: r.id, sku: r.sku, name: r.name, slug: r.slug, type: r.type,
      thumb: thumb ? { url: thumb.url, width: thumb.width, height: thumb.height } : null,
      prices: JSON.parse(r.prices) as PriceObject, vat: Number(r.vat),
      categories: cats.filter((c) => c.product_id === r.id).sort((a, b) => b.main - a.main).map((c) => c.category_id),
      group_id: r.group_id, discount_category: r.discount_category, stock_status: r.stock_status, stock_quantity: r.stock_quantity,
      estimated_at: r.estimated_at, orderable: !!r.orderable,
    });
  }
  return out;
}
