/**
 * The prior price of a reduction in API answers (docs/adr/0022-prior-price.md): search results carry the campaign
 * tiers' prior prices from the recorded history, and the operator's price update is recorded as history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { TEST_OPERATOR_TOKEN, TEST_PRODUCTS } from '#tests/support/test-env.ts';
import { api, openTestDb } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { productSearchResultSchema } from '#lib/api/catalogue-contracts.ts';

let h: DbHandle;
beforeAll(() => {
  h = openTestDb();
});
afterAll(async () => {
  await h.db.destroy();
});

const products = generateDemoCatalogue({ products: TEST_PRODUCTS }).products;
const campaigns = products.filter((p) => p.decoration === 'campaign');
const AUTH = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, 'content-type': 'application/json' };

async function searchHit(sku: string) {
  const r = await request(api('/api/products', 'sv', `&query=${encodeURIComponent(sku)}`));
  expect(r.status).toBe(200);
  const hit = (r.json().products as unknown[]).map((p) => productSearchResultSchema.parse(p)).find((p) => p.sku === sku);
  expect(hit).toBeDefined();
  return hit!;
}

describe('prior prices in API answers', () => {
  it('a campaign with history carries its prior prices; one without carries none', async () => {
    const proven = campaigns.find((p) => p.price_history?.sv?.length)!;
    const hit = await searchHit(proven.sku);
    expect(hit.prior_prices.map(({ q, minor }) => ({ q, minor }))).toEqual(
      proven.prices.sv!.prices.c!.map((t) => ({ q: t.q, minor: Math.round(t.o * 100) })),
    );
    const unproven = campaigns.at(-1)!;
    expect((await searchHit(unproven.sku)).prior_prices).toEqual([]);
  });

  it("records the operator's price update, so a campaign set by it announces the price before", async () => {
    // the last such product: the incremental-pages suite changes the first ones
    const plain = products.findLast((p) => !p.prices.sv!.prices.c && p.prices.sv!.prices.n.length === 1 && p.orderable)!;
    const before = plain.prices.sv!.prices;
    const p = before.n[0]!.p;
    const campaign: PriceObject = { n: before.n, c: [{ q: 1, p: p - 1, o: p, d: 1 }] };
    const patch = (prices: PriceObject) =>
      request(api(`/api/operator/products/${encodeURIComponent(plain.sku)}`), {
        method: 'PATCH',
        body: JSON.stringify({ prices, changed_by: 'prior-price test' }),
        headers: AUTH,
      });
    const id = plain.id;
    const started = new Date(Date.now() - 1000).toISOString();
    try {
      expect((await patch(campaign)).status).toBe(200);
      const rows = await h.db
        .selectFrom('price_history')
        .where('product_id', '=', id)
        .where('locale', '=', 'sv')
        .where('at', '>=', started)
        .select(['q', 'minor', 'reason'])
        .orderBy('at')
        .execute();
      expect(rows.map((r) => ({ ...r, minor: Number(r.minor) }))).toEqual([{ q: 1, minor: Math.round((p - 1) * 100), reason: 'operator' }]);
      const hit = await searchHit(plain.sku);
      expect(hit.prior_prices.map(({ q, minor }) => ({ q, minor }))).toEqual([{ q: 1, minor: Math.round(p * 100) }]);
    } finally {
      expect((await patch(before)).status).toBe(200);
      await h.db.deleteFrom('price_history').where('product_id', '=', id).where('at', '>=', started).execute();
    }
  });
});
