/** The demo seed offers subscriptions on filters and bags (docs/product/subscriptions.md#offers). */
import type { Db } from '#server/db/connection.ts';

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
