/**
 * Which products may be bought on subscription and how often (docs/product/subscriptions.md#offers):
 * rows of product_subscription_intervals, months ascending.
 */
import type { Db } from '#server/db/connection.ts';

/** Rows (months ascending) → product id → its months. */
function byProduct(rows: readonly { product_id: number; months: number }[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.product_id, [...(out.get(r.product_id) ?? []), Number(r.months)]);
  return out;
}

export async function offeredMonthsByProduct(db: Db, productIds: readonly number[]): Promise<Map<number, number[]>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_subscription_intervals')
    .select(['product_id', 'months'])
    .where('product_id', 'in', ids)
    .orderBy('months')
    .execute();
  return byProduct(rows);
}

export async function offeredMonths(db: Db, productId: number): Promise<number[]> {
  return (await offeredMonthsByProduct(db, [productId])).get(productId) ?? [];
}

let forPages: Promise<Map<number, number[]>> | undefined;

/**
 * Every offer in one query, for the static product pages (only products sold on subscription have one): memoized
 * per process like the page catalogue (src/server/catalogue/page-catalogue.ts) — never one query per page.
 */
export function offersForPages(db: Db): Promise<Map<number, number[]>> {
  forPages ??= db.selectFrom('product_subscription_intervals').select(['product_id', 'months']).orderBy('months').execute().then(byProduct);
  forPages.catch(() => (forPages = undefined));
  return forPages;
}
