/** The facts a cart line is priced from, for a set of skus in one storefront (one round trip per table). */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { categoriesByProduct, thumbsByProduct } from '#server/catalogue/product-links.ts';
import type { CartProductFacts } from '#lib/cart/server-sync.ts';
import { pricesFromRow } from '#server/catalogue/price-row.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { offeredMonthsByProduct } from '#server/catalogue/subscription-offers.ts';

export async function cartProductsBySku(db: Db, locale: LocaleCode, skus: readonly string[]): Promise<Map<string, CartProductFacts>> {
  const unique = [...new Set(skus)];
  const out = new Map<string, CartProductFacts>();
  if (unique.length === 0) return out;
  const rows = await localizedProducts(db, locale)
    .select([
      'p.id',
      'p.sku',
      'p.type',
      'p.group_id',
      'p.discount_category',
      'p.stock_status',
      'p.stock_quantity',
      'p.estimated_at',
      'p.orderable',
      't.name',
      't.slug',
      'pr.prices',
      'pr.vat',
    ])
    .where('p.sku', 'in', unique)
    .execute();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const [cats, thumbs, offers] = await Promise.all([
    categoriesByProduct(db, ids),
    thumbsByProduct(db, ids),
    offeredMonthsByProduct(db, ids),
  ]);
  for (const r of rows) {
    out.set(r.sku, {
      product_id: r.id,
      sku: r.sku,
      name: r.name,
      slug: r.slug,
      type: r.type,
      thumb: thumbs.get(r.id) ?? null,
      prices: pricesFromRow(r),
      vat: Number(r.vat),
      categories: (cats.get(r.id) ?? []).map((c) => c.category_id),
      group_id: r.group_id,
      discount_category: r.discount_category,
      stock_status: r.stock_status,
      stock_quantity: r.stock_quantity,
      estimated_at: r.estimated_at,
      orderable: !!r.orderable,
      subscription_months: offers.get(r.id) ?? [],
    });
  }
  return out;
}
