/** The demo guest order of `npm run seed` (README: Demo guest order): added once, from the seeded catalogue. */
import type { Db } from '#server/db/connection.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { pricesFromRow } from '#server/catalogue/price-row.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';

export const DEMO_ORDER = { id: '100001', email: 'gast@partsfront.test', locale: 'sv' as const };

export async function seedDemoOrders(db: Db): Promise<boolean> {
  if (await db.selectFrom('orders').select('id').where('id', '=', DEMO_ORDER.id).executeTakeFirst()) return false;
  const products = await localizedProducts(db, DEMO_ORDER.locale)
    .select(['p.sku', 't.name', 'pr.prices'])
    .orderBy('p.id')
    .limit(2)
    .execute();
  if (products.length === 0) return false;
  const items = products.map((p, i) => {
    const quantity = i + 1;
    return { sku: p.sku, name: p.name, quantity, price: unitPrice(pricesFromRow(p), quantity) };
  });
  await db
    .insertInto('orders')
    .values({
      id: DEMO_ORDER.id,
      locale: DEMO_ORDER.locale,
      email: DEMO_ORDER.email,
      customer_id: null,
      status: 'shipped',
      currency: LOCALES[DEMO_ORDER.locale].currency,
      total: items.reduce((sum, l) => sum + l.price * l.quantity, 0),
      items: JSON.stringify(items),
      created_at: new Date().toISOString(),
    })
    .execute();
  return true;
}
