/** Product card data for listings (home, category, brand, tag): name, link, thumb, price, stock. */
import type { Db } from '../db/connection.ts';
import type { LocaleCode } from '../../lib/locales.ts';
import { ImageType, type PriceObject, type Thumb } from '../../lib/catalogue.ts';
import { pathFor } from '../../lib/routes.ts';

export interface ProductCard {
  id: number; sku: string; name: string; slug: string; url: string; thumb: Thumb | null;
  prices: PriceObject; vat: number; stock_status: string; orderable: boolean; brand: string | null;
}

export async function featuredProducts(db: Db, locale: LocaleCode, limit = 8): Promise<ProductCard[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', locale))
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', locale))
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('product_images as i', (j) => j.onRef('i.product_id', '=', 'p.id').on('i.type', '=', ImageType.Thumb))
    .select(['p.id', 'p.sku', 'p.stock_status', 'p.orderable', 't.name', 't.slug', 'pr.prices', 'pr.vat', 'b.name as brand', 'i.url as thumb_url', 'i.width as thumb_w', 'i.height as thumb_h'])
    .where('p.stock_status', '=', 'in-stock')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id, sku: r.sku, name: r.name, slug: r.slug, url: pathFor('product', locale, { slug: r.slug }),
    thumb: r.thumb_url ? { url: r.thumb_url, width: r.thumb_w ?? 160, height: r.thumb_h ?? 160 } : null,
    prices: JSON.parse(r.prices) as PriceObject, vat: r.vat, stock_status: r.stock_status, orderable: !!r.orderable, brand: r.brand,
  }));
}
