/**
 * The GA4 purchase event of a placed order (docs/product/tracking.md#ecommerce-events), built on the server
 * from the order snapshot the confirmation page shows, with each line's brand and category trail from the
 * catalogue (as the product page reports them in view_item).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { Confirmation } from '#server/orders/confirmation.ts';
import { purchase, type Ga4Event } from '#lib/tracking/ga4-events.ts';
import { categoryTrail } from '#server/catalogue/category-repository.ts';

/** Brand and category trail (root first) per sku, for the skus of an order. */
export async function itemExtrasBySku(
  db: Db,
  locale: LocaleCode,
  skus: readonly string[],
): Promise<Map<string, { brand: string | null; categories: string[] }>> {
  const out = new Map<string, { brand: string | null; categories: string[] }>();
  if (skus.length === 0) return out;
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('brands as b', 'b.id', 'p.brand_id')
    .leftJoin('product_categories as pc', (j) => j.onRef('pc.product_id', '=', 'p.id').on('pc.main', '=', 1))
    .select(['p.sku', 'b.name as brand', 'pc.category_id'])
    .where('p.sku', 'in', [...new Set(skus)])
    .execute();
  const cats = await db
    .selectFrom('categories as c')
    .innerJoin('category_translations as t', (j) => j.onRef('t.category_id', '=', 'c.id').on('t.locale', '=', locale))
    .select(['c.id', 'c.parent_id', 't.name'])
    .execute();
  const byId = new Map(cats.map((c) => [c.id, c]));
  for (const r of rows) {
    const trail = categoryTrail(byId, r.category_id !== null ? byId.get(r.category_id) : undefined);
    out.set(r.sku, { brand: r.brand ?? null, categories: trail.map((c) => c.name) });
  }
  return out;
}

export async function purchaseEventFor(
  db: Db,
  locale: LocaleCode,
  order: Confirmation,
  coupons: readonly string[] = [],
): Promise<Ga4Event> {
  const extras = await itemExtrasBySku(
    db,
    locale,
    order.items.map((i) => i.sku),
  );
  return purchase({
    order_number: order.order_number,
    currency: order.totals.currency,
    total_minor: order.totals.total_minor,
    vat_minor: order.totals.vat_minor,
    shipping_minor: order.totals.shipping_minor,
    coupon: coupons.join(','),
    items: order.items.map((i) => ({ ...i, ...extras.get(i.sku) })),
  });
}
