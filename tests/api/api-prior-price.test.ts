/**
 * The prior price of a reduction in API answers (docs/adr/0022-prior-price.md): search results (also as the search
 * dropdown asks for them) carry the campaign tiers' prior prices from the recorded history, cart lines their
 * tier's `prior_price`, and the operator's price update (setting and removing a campaign) is recorded as history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { TEST_OPERATOR_TOKEN, TEST_PRODUCTS } from '#tests/support/test-env.ts';
import { api, openTestDb } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { productSearchResultSchema, searchSuggestionsSchema } from '#lib/api/catalogue-contracts.ts';
import { syncCartResponseSchema } from '#lib/api/cart-contracts.ts';

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

// The demo campaign product with price history (the first such one; its sv name is fixed by the demo generator).
const demoCampaign = products.find((p) => p.translations.sv?.name === 'Filter till LG gräsklippare LG851E')!;

describe('prior price of cart lines and the search dropdown', () => {
  it('POST /api/sync-cart answers prior_price for the demo campaign, null without a campaign or without history', async () => {
    const c = demoCampaign.prices.sv!.prices.c![0]!;
    expect(demoCampaign.price_history?.sv?.length).toBeGreaterThan(0);
    const plain = products.find((p) => !p.prices.sv!.prices.c && p.orderable && p.group_id !== 40)!; // outside the automatic discount
    const unproven = campaigns.at(-1)!;
    expect(unproven.orderable).toBe(true);
    const r = await postJson(api('/api/sync-cart'), {
      items: [demoCampaign, plain, unproven].map((p) => ({ sku: p.sku, quantity: 1, prior_price: 99_999 })),
      coupons: [],
    });
    expect(r.status).toBe(200);
    const lines = syncCartResponseSchema.parse(r.json());
    expect(lines.map((l) => [l.sku, l.price, l.prior_price])).toEqual([
      [demoCampaign.sku, c.p, c.o],
      [plain.sku, plain.prices.sv!.prices.n[0]!.p, null],
      [unproven.sku, unproven.prices.sv!.prices.c![0]!.p, null],
    ]);
  });

  it('the products the search dropdown asks for carry prior_prices; the suggestions carry no products', async () => {
    const name = demoCampaign.translations.sv!.name;
    const c = demoCampaign.prices.sv!.prices.c![0]!;
    // the external provider's picks are answered from the same rows (src/server/search/search-products.ts loadResults)
    const r = await request(api('/api/products', 'sv', `&query=${encodeURIComponent(name)}&nc=true&co=true&provider=internal`));
    expect(r.status).toBe(200);
    const hit = (r.json().products as unknown[]).map((p) => productSearchResultSchema.parse(p)).find((p) => p.sku === demoCampaign.sku);
    expect(hit?.prior_prices.map(({ q, minor }) => ({ q, minor }))).toEqual([{ q: 1, minor: Math.round(c.o * 100) }]);
    const s = await request(api('/api/search-suggestions', 'sv', `&query=${encodeURIComponent(name)}`));
    expect(s.status).toBe(200);
    expect(Object.keys(searchSuggestionsSchema.parse(s.json())).sort()).toEqual(['completions', 'did_you_mean']);
  });

  it("setting and then removing campaign tiers through the operator's price update records both changes", async () => {
    // the second-last plain product: the test above and the incremental-pages suite use others
    const plainOnes = products.filter((p) => !p.prices.sv!.prices.c && p.prices.sv!.prices.n.length === 1 && p.orderable);
    const plain = plainOnes.at(-2)!;
    const before = plain.prices.sv!.prices;
    const p = before.n[0]!.p;
    const patch = (prices: PriceObject) =>
      request(api(`/api/operator/products/${encodeURIComponent(plain.sku)}`), {
        method: 'PATCH',
        body: JSON.stringify({ prices, changed_by: 'prior-price test' }),
        headers: AUTH,
      });
    const started = new Date(Date.now() - 1000).toISOString();
    const recorded = async () =>
      (
        await h.db
          .selectFrom('price_history')
          .where('product_id', '=', plain.id)
          .where('locale', '=', 'sv')
          .where('at', '>=', started)
          .select(['q', 'minor', 'reason', 'at'])
          .orderBy('at')
          .execute()
      ).map((r) => ({ q: r.q, minor: Number(r.minor), reason: r.reason }));
    try {
      expect((await patch({ n: before.n, c: [{ q: 1, p: p - 2, o: p, d: 1 }] })).status).toBe(200);
      expect(await recorded()).toEqual([{ q: 1, minor: Math.round((p - 2) * 100), reason: 'operator' }]);
      // the campaign ends: the ordinary price is a price change of its own
      expect((await patch(before)).status).toBe(200);
      expect(await recorded()).toEqual([
        { q: 1, minor: Math.round((p - 2) * 100), reason: 'operator' },
        { q: 1, minor: Math.round(p * 100), reason: 'operator' },
      ]);
      expect((await searchHit(plain.sku)).prior_prices).toEqual([]);
    } finally {
      await patch(before);
      await h.db.deleteFrom('price_history').where('product_id', '=', plain.id).where('at', '>=', started).execute();
    }
  });
});
