/**
 * The per-product facts read (src/server/catalogue/recommendation-facts.ts) on a real catalogue in SQLite: the
 * ranking over the few candidates it reads must equal the ranking over EVERY product of the storefront — that is
 * what lets the static pages and GET /api/recommendations rank from a handful of queries per product.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { boughtTogetherCounts, recommend, type RecommendationFacts } from '#lib/catalogue/recommendations.ts';
import { boughtTogether, forgetRecommendationFacts, recommendationFacts, recommendedIds } from '#server/catalogue/recommendation-facts.ts';

let db: Db;
/** Every sv product's facts, computed here from the raw tables (the reference the read must agree with). */
let all: RecommendationFacts[];
let storedOf: Map<number, number[]>;
let counts: Map<number, Map<number, number>>;
let skuOf: Map<number, string>;

async function order(id: string, skus: string[], at: string): Promise<void> {
  await db
    .insertInto('orders')
    .values({
      id,
      locale: 'sv',
      email: 'x@example.com',
      customer_id: null,
      status: 'confirmed',
      currency: 'SEK',
      total: 1,
      items: JSON.stringify(skus.map((sku) => ({ sku, quantity: 1, price: 1 }))),
      created_at: at,
      checkout_id: null,
      total_minor: 100,
      payment_status: null,
      delivered_at: null,
    })
    .execute();
}

beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
  await writeCatalogue(db, generateDemoCatalogue({ products: 400, now: new Date('2026-11-24T00:00:00Z') }));
  const products = await db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'sv'))
    .select(['p.id', 'p.sku', 'p.brand_id', 'p.orderable', 'p.variations', 'p.stock_status'])
    .orderBy('p.id')
    .execute();
  skuOf = new Map(products.map((p) => [p.id, p.sku]));
  // Orders across appliances (ids far apart), some with products that cannot be listed, and one bulk order.
  const ids = products.map((p) => p.sku);
  for (let i = 0; i < 60; i++)
    await order(
      `o${i}`,
      [ids[i], ids[(i * 7 + 13) % ids.length], ids[(i * 31 + 101) % ids.length]],
      `2026-11-${String(1 + (i % 20)).padStart(2, '0')}`,
    );
  for (let i = 0; i < 8; i++) await order(`p${i}`, [ids[3], ids[200 + i]], '2026-11-22'); // product 4: many partners, tied counts
  await order('bulk', ids.slice(0, 40), '2026-11-23');
  // Some partners and candidates not buyable: they must not crowd out the ones that are.
  await db
    .updateTable('products')
    .set({ orderable: 0 })
    .where('id', 'in', [products[200].id, products[201].id, products[120].id])
    .execute();
  forgetRecommendationFacts();

  const byId = new Map(
    (await db.selectFrom('products as p').select(['p.id', 'p.brand_id', 'p.orderable', 'p.variations', 'p.stock_status']).execute()).map(
      (p) => [p.id, p],
    ),
  );
  const mains = await db
    .selectFrom('product_categories as pc')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .where('pc.main', '=', 1)
    .select(['pc.product_id', 'c.id', 'c.parent_id'])
    .execute();
  const mainOf = new Map(mains.map((m) => [m.product_id, m]));
  all = products.map((p) => {
    const row = byId.get(p.id)!;
    const m = mainOf.get(p.id);
    return {
      id: p.id,
      brandId: row.brand_id,
      applianceId: m ? (m.parent_id ?? m.id) : null,
      categoryId: m?.id ?? null,
      buyable: !!row.orderable && JSON.parse(row.variations).length === 0,
      inStock: row.stock_status === 'in-stock',
    };
  });
  storedOf = new Map();
  for (const a of await db.selectFrom('product_accessories').selectAll().orderBy('product_id').orderBy('position').execute())
    storedOf.set(a.product_id, [...(storedOf.get(a.product_id) ?? []), a.accessory_id]);
  const idOfSku = new Map(products.map((p) => [p.sku, p.id]));
  const baskets = (await db.selectFrom('orders').select('items').execute()).map((o) =>
    (JSON.parse(o.items) as { sku: string }[]).flatMap((i) => (idOfSku.has(i.sku) ? [idOfSku.get(i.sku)!] : [])),
  );
  counts = boughtTogetherCounts(baskets);
});
afterAll(async () => {
  forgetRecommendationFacts();
  await db.destroy();
});

describe('recommendation facts of one product', () => {
  it('rank like the whole catalogue would, for every product (limits 1, 4 and 12)', async () => {
    const factsById = new Map(all.map((f) => [f.id, f]));
    let withPartners = 0;
    for (const limit of [1, 4, 12])
      for (const subject of all) {
        const stored = (storedOf.get(subject.id) ?? []).flatMap((id) => factsById.get(id) ?? []);
        const together = counts.get(subject.id) ?? new Map<number, number>();
        if (together.size) withPartners++;
        const expected = recommend(subject, stored, all, together, limit);
        expect(await recommendedIds(db, 'sv', { id: subject.id }, limit), `product ${subject.id}, limit ${limit}`).toEqual(expected);
      }
    expect(withPartners).toBeGreaterThan(100); // the orders really took part
  });

  it('reads a handful of candidates, not the catalogue, and finds the product by sku too', async () => {
    const busy = all[3];
    const f = await recommendationFacts(db, 'sv', { sku: skuOf.get(busy.id)! }, 4);
    expect(f?.subject).toEqual({ ...busy, sku: skuOf.get(busy.id) });
    expect(f!.candidates.length).toBeLessThan(40);
    // the two unlisted partners are not among the ranked ones; the bulk order counted for nothing
    expect([...f!.boughtTogether.keys()]).not.toContain(all[200].id);
    expect([...f!.boughtTogether.keys()]).not.toContain(all[201].id);
    expect(f!.boughtTogether.get(all[202].id)).toBe(1);
  });

  it('is null for a product the storefront does not sell', async () => {
    expect(await recommendedIds(db, 'sv', { sku: 'NOPE-1' }, 4)).toBeNull();
    expect(await recommendedIds(db, 'sv', { id: 999_999 }, 4)).toBeNull();
  });

  it('counts the orders once per process and recounts after the TTL while the old counts answer', async () => {
    forgetRecommendationFacts();
    const t0 = Date.now();
    const first = await boughtTogether(db, t0);
    expect(await boughtTogether(db, t0 + 1000)).toBe(first);
    await order('late', [skuOf.get(all[300].id)!, skuOf.get(all[301].id)!], '2026-11-24');
    const stale = boughtTogether(db, t0 + 11 * 60_000); // past the TTL: answers the old counts, recounts behind
    expect(await stale).toBe(first);
    await new Promise((r) => setTimeout(r, 50));
    const fresh = await boughtTogether(db, Date.now());
    expect(fresh).not.toBe(first);
    expect(fresh.get(all[300].id)?.get(all[301].id)).toBe(1);
  });
});
