/**
 * Product activity for social proof (docs/product/tracking.md#social-proof): page views counted per
 * storefront, product and UTC hour (aggregates only, no visitor data), and units bought today read from the
 * storefront's orders since local midnight. Answers are kept for a short while per product: a busy product
 * page asks once per ACTIVITY_CACHE_MS per node, not once per visitor.
 */
import { sql } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { firstBucketOfWindow, hourBucket, startOfLocalDay, type ProductActivity } from '#lib/tracking/social-proof.ts';
import { STOREFRONT_TIME_ZONES } from '#lib/checkout/order-dates.ts';
import { orderItemsWithSku } from '#server/orders/order-reads.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('tracking');

/** View hours older than this are deleted now and then. */
export const VIEW_RETENTION_HOURS = 48;
const PRUNE_EVERY_MS = 10 * 60_000;
export const ACTIVITY_CACHE_MS = 60_000;
const CACHE_ENTRIES = 5000;

let lastPrune = 0;
const cache = new Map<string, { at: number; value: ProductActivity }>();

/** The storefront sells this sku (views of unknown products are not stored: the table stays bounded). */
export async function productExists(db: Db, locale: LocaleCode, sku: string): Promise<boolean> {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', locale))
    .select('p.id')
    .where('p.sku', '=', sku)
    .executeTakeFirst();
  return row !== undefined;
}

/** One view: one upsert of the hour's counter. */
export async function countProductView(db: Db, locale: LocaleCode, sku: string, now = new Date()): Promise<void> {
  await db
    .insertInto('product_view_counts')
    .values({ locale, sku, hour: hourBucket(now), views: 1 })
    .onConflict((oc) => oc.columns(['locale', 'sku', 'hour']).doUpdateSet({ views: sql<number>`product_view_counts.views + 1` }))
    .execute();
  if (now.getTime() - lastPrune >= PRUNE_EVERY_MS) {
    lastPrune = now.getTime();
    const cutoff = hourBucket(new Date(now.getTime() - VIEW_RETENTION_HOURS * 3_600_000));
    db.deleteFrom('product_view_counts')
      .where('hour', '<', cutoff)
      .execute()
      .catch((err: unknown) => log.error({ err }, 'product view prune failed'));
  }
}

interface OrderItem {
  sku?: unknown;
  quantity?: unknown;
}

/** Views in the window and units of the sku in today's orders (cancelled ones left out). */
export async function productActivity(db: Db, locale: LocaleCode, sku: string, now = new Date()): Promise<ProductActivity> {
  const views = await db
    .selectFrom('product_view_counts')
    .select((eb) => eb.fn.sum<number | string | null>('views').as('n'))
    .where('locale', '=', locale)
    .where('sku', '=', sku)
    .where('hour', '>=', firstBucketOfWindow(now))
    .executeTakeFirst();
  // The items column is the JSON the order was placed with; LIKE only narrows, the JSON decides.
  const orders = await orderItemsWithSku(db, locale, startOfLocalDay(now, STOREFRONT_TIME_ZONES[locale]).toISOString(), sku);
  let bought = 0;
  for (const o of orders) {
    try {
      for (const item of JSON.parse(o) as OrderItem[])
        if (item.sku === sku && typeof item.quantity === 'number' && item.quantity > 0) bought += item.quantity;
    } catch {
      /* a malformed snapshot counts nothing */
    }
  }
  return { viewed_recently: Number(views?.n ?? 0), bought_today: bought };
}

/** productActivity, answered from memory for ACTIVITY_CACHE_MS. */
export async function cachedProductActivity(db: Db, locale: LocaleCode, sku: string, now = Date.now()): Promise<ProductActivity> {
  const key = `${locale}\0${sku}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < ACTIVITY_CACHE_MS) return hit.value;
  const value = await productActivity(db, locale, sku, new Date(now));
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, { at: now, value });
  return value;
}
