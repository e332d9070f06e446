/**
 * Which products may be bought on subscription and how often (docs/product/subscriptions.md#offers):
 * rows of product_subscription_intervals, months ascending. The demo seed offers them on filters and bags.
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
 * Every product's offers in one query, for the static product pages: memoized per process like the page
 * catalogue (src/server/catalogue/page-catalogue.ts) — a build is one process, never one query per page.
 */
export function offersForPages(db: Db): Promise<Map<number, number[]>> {
  forPages ??= db.selectFrom('product_subscription_intervals').select(['product_id', 'months']).orderBy('months').execute().then(byProduct);
  forPages.catch(() => (forPages = undefined));
  return forPages;
}

/** The consumables the demo catalogue sells on subscription: its part images name the part type. */
const DEMO_OFFERS: { image: string; months: number[] }[] = [
  { image: '/images/parts/filter.svg', months: [3, 6, 12] },
  { image: '/images/parts/bag.svg', months: [1, 3, 6] },
];

/** Demo data for `npm run seed`: intervals on the demo filters and bags without variations; added once. */
export async function seedSubscriptionOffers(db: Db): Promise<number> {
  const existing = await db.selectFrom('product_subscription_intervals').select('product_id').limit(1).executeTakeFirst();
  if (existing) return 0;
  let added = 0;
  for (const offer of DEMO_OFFERS) {
    const products = await db
      .selectFrom('product_images as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select('p.id')
      .distinct()
      .where('i.url', '=', offer.image)
      .where('p.variations', '=', '[]')
      .where('p.orderable', '=', 1)
      .orderBy('p.id')
      .execute();
    const rows = products.flatMap((p) => offer.months.map((months) => ({ product_id: p.id, months })));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('product_subscription_intervals')
        .values(rows.slice(i, i + 500))
        .execute();
    added += products.length;
  }
  return added;
}
