/**
 * Search for the results page until the API branch's search service is merged (then call it instead).
 * Every term must occur in the product's search text (name, sku, brand, categories; lower-cased).
 */
import { getDb } from '../db/connection.ts';
import type { LocaleCode } from '../../lib/locales.ts';
import { ImageType, type PriceObject, type Variation } from '../../lib/catalogue.ts';
import type { CartProductInput } from '../../lib/cart-product.ts';
import { pathFor } from '../../lib/routes.ts';

export type SearchHit = CartProductInput;

export async function searchProducts(locale: LocaleCode, q: string, limit: number): Promise<{ products: SearchHit[]; total: number }> {
  const terms = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6).map((s) => `%${s.replace(/[%_\\]/g, "")}%`).filter((s) => s !== "%%");
  let query = getDb()
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', locale))
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', locale))
    .leftJoin('product_images as i', (j) => j.onRef('i.product_id', '=', 'p.id').on('i.type', '=', ImageType.Thumb));
  for (const term of terms) query = query.where((eb) => eb.or([eb('t.search_text', 'like', term), eb('p.sku', 'like', term)]));
  const rows = await query
    .select(['p.id', 'p.sku', 'p.type', 'p.group_id', 'p.discount_category', 'p.stock_status', 'p.estimated_at', 'p.orderable', 'p.variations',
      't.name', 't.slug', 'pr.prices', 'pr.vat', 'i.url as thumb_url', 'i.width as thumb_w', 'i.height as thumb_h'])
    .orderBy('t.name').limit(limit).execute();
  return {
    total: rows.length,
    products: rows.map((r) => ({
      product_id: r.id, sku: r.sku, name: r.name, slug: r.slug, url: pathFor('product', locale, { slug: r.slug }), type: r.type,
      vat: r.vat, group_id: r.group_id, discount_category: r.discount_category, prices: JSON.parse(r.prices) as PriceObject, categories: [],
      stock_status: r.stock_status, estimated_at: r.estimated_at, orderable: !!r.orderable, variations: JSON.parse(r.variations) as Variation[],
      thumb: r.thumb_url ? { url: r.thumb_url, width: r.thumb_w ?? 160, height: r.thumb_h ?? 160 } : null,
    })),
  };
}
