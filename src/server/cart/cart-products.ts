/**
 * The facts a cart line is priced from, for a set of skus in one storefront (one round trip per table; the
 * prior prices of the price history in one query next to the product rows, docs/adr/0022-prior-price.md).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CartProductFacts } from '#lib/cart/server-price-cart.ts';
import { pricesFromRow } from '#server/catalogue/price-row.ts';
import { mainCategoryFirst, productRows } from '#server/catalogue/product-rows.ts';
import { priorPricesBySku } from '#server/catalogue/price-history.ts';

export async function cartProductsBySku(db: Db, locale: LocaleCode, skus: readonly string[]): Promise<Map<string, CartProductFacts>> {
  const unique = [...new Set(skus)];
  const out = new Map<string, CartProductFacts>();
  const [rows, priors] = await Promise.all([
    productRows(
      db,
      locale,
      { skus: unique },
      [
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
      ],
      { categories: true, thumbs: true, subscriptionMonths: true },
    ),
    priorPricesBySku(db, locale, unique),
  ]);
  for (const { row: r, links } of rows) {
    out.set(r.sku, {
      product_id: r.id,
      sku: r.sku,
      name: r.name,
      slug: r.slug,
      type: r.type,
      thumb: links.thumb,
      prices: pricesFromRow(r),
      prior: priors.get(r.id) ?? {},
      vat: Number(r.vat),
      categories: mainCategoryFirst(links.categories).map((c) => c.category_id),
      group_id: r.group_id,
      discount_category: r.discount_category,
      stock_status: r.stock_status,
      stock_quantity: r.stock_quantity,
      estimated_at: r.estimated_at,
      orderable: !!r.orderable,
      subscription_months: links.subscriptionMonths,
    });
  }
  return out;
}
