/**
 * Price history and prior prices (docs/adr/0022-prior-price.md): every price change writes the active tiers' unit
 * prices (minor units incl. VAT) per product, storefront and tier; pages and API answers read the prior price of a
 * reduction from it when they are rendered, so an incremental re-render (docs/adr/0017-incremental-pages.md)
 * follows a change.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, PriceHistoryTable } from '#server/db/schema.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { activeTiers, normalizeTiers } from '#lib/pricing/tiers.ts';
import { toMinorUnits } from '#lib/pricing/minor-units.ts';
import { priorPrice, type PricePoint, type PriorPrices } from '#lib/pricing/prior-price.ts';

/** The rows recording a product's active tiers in one storefront from `at` on. */
export function historyRows(productId: number, locale: string, prices: PriceObject, at: string, reason: string): PriceHistoryTable[] {
  return normalizeTiers(activeTiers(prices)).map((t) => ({ product_id: productId, locale, q: t.q, minor: toMinorUnits(t.p), at, reason }));
}

export async function recordPriceHistory(trx: Transaction<Database> | Kysely<Database>, rows: readonly PriceHistoryTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('price_history')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** The prior prices of the given products (every product: `all`) in one storefront, as of `now`. */
export async function priorPricesOf(
  db: Kysely<Database>,
  locale: string,
  productIds: readonly number[] | 'all',
  now = new Date(),
): Promise<Map<number, PriorPrices>> {
  const rows: HistoryRow[] = [];
  const chunks =
    productIds === 'all'
      ? [null]
      : Array.from({ length: Math.ceil(productIds.length / 500) }, (_, i) => productIds.slice(i * 500, i * 500 + 500));
  for (const ids of chunks) {
    let query = db.selectFrom('price_history').where('locale', '=', locale);
    if (ids) query = query.where('product_id', 'in', ids);
    // one by one: spreading a whole storefront's history (200k products) as arguments overflows the call stack
    for (const row of await query.select(['product_id', 'q', 'minor', 'at']).execute()) rows.push(row);
  }
  return priorPricesFromRows(rows, now);
}

/**
 * The prior prices of the products with these skus in one storefront (by product id), in one query: the cart's
 * sync reads them next to its product rows, not per line (docs/product/cart.md#line-item-fields).
 */
export async function priorPricesBySku(
  db: Kysely<Database>,
  locale: string,
  skus: readonly string[],
  now = new Date(),
): Promise<Map<number, PriorPrices>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .selectFrom('price_history as h')
    .innerJoin('products as p', 'p.id', 'h.product_id')
    .where('h.locale', '=', locale)
    .where('p.sku', 'in', [...new Set(skus)])
    .select(['h.product_id', 'h.q', 'h.minor', 'h.at'])
    .execute();
  return priorPricesFromRows(rows, now);
}

type HistoryRow = Pick<PriceHistoryTable, 'product_id' | 'q' | 'minor' | 'at'>;

function priorPricesFromRows(rows: readonly HistoryRow[], now: Date): Map<number, PriorPrices> {
  const byTier = new Map<string, PricePoint[]>();
  for (const r of rows) {
    const key = `${r.product_id}:${r.q}`;
    const list = byTier.get(key) ?? [];
    list.push({ at: r.at, minor: Number(r.minor) });
    byTier.set(key, list);
  }
  const out = new Map<number, PriorPrices>();
  for (const [key, points] of byTier) {
    const prior = priorPrice(points, now);
    if (!prior) continue;
    const [id, q] = key.split(':').map(Number) as [number, number];
    out.set(id, { ...out.get(id), [q]: prior });
  }
  return out;
}
