/**
 * GET /api/recommendations (docs/product/api.md#recommendations) on the real server, SQLite and PostgreSQL, with the
 * suite's sandbox as Depict: the internal list is the one built into the static product page, the external one is
 * Depict's choice and order with our own prices, the internal ranking answers whenever Depict fails or has nothing
 * we can list, and bad input is a 4xx with the error body.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request, type TestResponse } from '#tests/support/http.ts';
import { api, openTestDb, productsOf, raw, type TestProduct, depictControl as control } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { recommendationCardSchema, type RecommendationCard } from '#lib/api/recommendation-contracts.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { emulatedRecommendations } from '#sandbox/depict/depict-recommend.ts';
import type { FeedProduct } from '#sandbox/depict/depict-feed.ts';

let h: DbHandle;
let sv: TestProduct[];
let feed: FeedProduct[];
/** Products of the block, with the list their static page shows; none of them in any order (so no order placed by another suite moved their list). */
let pages: { product: TestProduct; skus: string[] }[];
/** SKUs that can be listed (orderable, no variation to choose). */
let listable: Set<string>;

async function recommendations(extra: string): Promise<{ r: TestResponse; provider: string; cards: RecommendationCard[]; skus: string[] }> {
  const r = await request(api('/api/recommendations', 'sv', extra));
  expect(r.status, r.body).toBe(200);
  const cards = r.json<{ products: unknown[] }>().products.map((p) => recommendationCardSchema.parse(p));
  return { r, provider: String(r.headers['x-recommendation-provider']), cards, skus: cards.map((c) => c.sku) };
}

/** What Depict (the emulator) recommends, minus what we cannot list and the product itself: the order the shopper must get. */
const externalOrder = (sku: string, limit: number) =>
  emulatedRecommendations(feed, [sku], limit * 2)
    .map((p) => p.product_id)
    .filter((s) => listable.has(s) && s !== sku)
    .slice(0, limit);

beforeAll(async () => {
  h = openTestDb();
  sv = await productsOf(h, 'sv');
  const rows = await h.db.selectFrom('products').select(['sku', 'orderable', 'variations']).execute();
  listable = new Set(rows.filter((r) => !!r.orderable && r.variations === '[]').map((r) => r.sku));
  const ordered = new Set(
    (await h.db.selectFrom('orders').select('items').execute()).flatMap((o) =>
      (JSON.parse(o.items) as { sku: string }[]).map((i) => i.sku),
    ),
  );
  pages = [];
  for (const product of sv.filter((p) => listable.has(p.sku) && !ordered.has(p.sku)).slice(0, 40)) {
    const page = await request(raw(pathFor('product', 'sv', { slug: product.slug })));
    expect(page.status).toBe(200);
    const skus = [...page.body.matchAll(/data-testid="accessory" data-sku="([^"]+)"/g)].map((m) => m[1]);
    if (skus.length) pages.push({ product, skus });
    if (pages.length === 12) break;
  }
  expect(pages.length).toBeGreaterThan(5);
  feed = sv.map((p) => ({ product_id: p.sku, title: p.name, slug: p.slug, price: 1, in_stock: false, image_url: null }));
});
beforeEach(async () => {
  await control('reset');
  await control('feed', { market: 'se', products: feed });
});
afterAll(async () => {
  await control('reset');
  await h.db.destroy();
});

describe('the internal provider', () => {
  it('answers the list built into the static product page, with server prices', async () => {
    for (const { product, skus } of pages) {
      const internal = await recommendations(`&sku=${product.sku}&provider=internal&limit=${skus.length}`);
      expect(internal.provider).toBe('internal');
      expect(internal.skus, product.sku).toEqual(skus);
      for (const card of internal.cards) {
        const own = sv.find((p) => p.sku === card.sku)!;
        expect(card.prices).toEqual(own.prices);
        expect(card.name).toBe(own.name);
        expect(card.url).toBe(pathFor('product', 'sv', { slug: own.slug }));
        expect(card.orderable).toBe(true);
        expect(card.variations).toEqual([]);
      }
    }
    expect((await recommendations(`&sku=${pages[0].product.sku}`)).provider).toBe('internal'); // no provider: internal
  });

  it('limit: at most that many, the best first; default 4', async () => {
    const { product } = pages[0];
    const twelve = await recommendations(`&sku=${product.sku}&provider=internal&limit=12`);
    const two = await recommendations(`&sku=${product.sku}&provider=internal&limit=2`);
    expect(two.skus).toEqual(twelve.skus.slice(0, 2));
    expect((await recommendations(`&sku=${product.sku}`)).skus).toEqual(twelve.skus.slice(0, 4));
  });
});

describe('the external provider (Depict)', () => {
  it("answers Depict's choice and order; prices, stock and names are ours; the header says external", async () => {
    const { product } = pages[1];
    const expected = externalOrder(product.sku, 4);
    expect(expected.length).toBe(4);
    const ext = await recommendations(`&sku=${product.sku}&provider=external`);
    expect(ext.provider).toBe('external');
    expect(ext.r.headers['access-control-expose-headers']).toContain('x-recommendation-provider');
    expect(ext.skus).toEqual(expected);
    const internal = await recommendations(`&sku=${product.sku}&provider=internal`);
    expect(ext.skus).not.toEqual(internal.skus); // the emulator's ranking is not ours
    for (const card of ext.cards) {
      const own = sv.find((p) => p.sku === card.sku)!;
      expect(card.prices).toEqual(own.prices); // Depict's price (1) is never shown
      expect(unitPrice(card.prices, 1)).toBeGreaterThan(1);
      expect(card.stock_status).toBe(own.stock_status);
    }
  });

  it('drops what we cannot list (unknown SKUs, products with variations or not orderable) and the product itself', async () => {
    const { product } = pages[2];
    const unlisted = sv.find((p) => !listable.has(p.sku));
    const first = sv.find((p) => p.sku === product.sku)!;
    const products = [
      { product_id: 'NOT-SOLD-1', title: first.name, slug: 'x', price: 1, in_stock: true, image_url: null },
      ...(unlisted ? [{ product_id: unlisted.sku, title: first.name, slug: 'y', price: 1, in_stock: true, image_url: null }] : []),
      ...feed,
    ];
    await control('feed', { market: 'se', products });
    const ext = await recommendations(`&sku=${product.sku}&provider=external`);
    expect(ext.provider).toBe('external');
    expect(ext.skus).not.toContain('NOT-SOLD-1');
    if (unlisted) expect(ext.skus).not.toContain(unlisted.sku);
    expect(ext.skus).not.toContain(product.sku);
    // what is left of Depict's answer (the provider asks for twice the cards shown), in Depict's order
    const left = emulatedRecommendations(products, [product.sku], 8)
      .map((p) => p.product_id)
      .filter((s) => listable.has(s) && s !== product.sku)
      .slice(0, 4);
    expect(left.length).toBeGreaterThan(0);
    expect(ext.skus).toEqual(left);
  });
});

describe('the internal ranking answers when Depict cannot', () => {
  it('Depict answering 5xx: a normal 200 with the internal list, and the header says internal', async () => {
    const { product, skus } = pages[3];
    await control('faults', { failNext: 1 });
    const ext = await recommendations(`&sku=${product.sku}&provider=external&limit=${skus.length}`);
    expect(ext.provider).toBe('internal');
    expect(ext.skus).toEqual(skus);
  });

  it('Depict slower than the budget (800 ms): the internal list without waiting for it', async () => {
    const { product, skus } = pages[4];
    await control('faults', { delayMs: 3000 });
    const started = Date.now();
    const ext = await recommendations(`&sku=${product.sku}&provider=external&limit=${skus.length}`);
    expect(ext.provider).toBe('internal');
    expect(ext.skus).toEqual(skus);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('Depict recommending only products we do not sell', async () => {
    const { product, skus } = pages[5];
    await control('feed', {
      market: 'se',
      products: [{ product_id: 'NOT-SOLD-1', title: 'x', slug: 'x', price: 1, in_stock: true, image_url: null }],
    });
    const ext = await recommendations(`&sku=${product.sku}&provider=external&limit=${skus.length}`);
    expect(ext.provider).toBe('internal');
    expect(ext.skus).toEqual(skus);
  });
});

describe('bad input', () => {
  it('an unknown sku is a 404 with the error body', async () => {
    const r = await request(api('/api/recommendations', 'sv', '&sku=NO-SUCH-SKU&provider=internal'));
    expect(r.status).toBe(404);
    expect(r.json().error).toMatchObject({ code: 'not_found', field: 'sku' });
    expect(r.headers['x-recommendation-provider']).toBeUndefined();
  });

  it('missing or malformed parameters are a 400 invalid_request; a wrong storefront pair a 400 bad_locale; POST a 405', async () => {
    const sku = pages[0].product.sku;
    for (const extra of [
      '',
      '&sku=',
      `&sku=${sku}&provider=depict`,
      `&sku=${sku}&limit=0`,
      `&sku=${sku}&limit=25`,
      `&sku=${'x'.repeat(65)}`,
    ]) {
      const r = await request(api('/api/recommendations', 'sv', extra));
      expect(r.status, extra).toBe(400);
      expect(r.json().error.code).toBe('invalid_request');
    }
    const wrong = await request(`${raw('/api/recommendations')}?locale=sv&sid=2&sku=${sku}`);
    expect(wrong.status).toBe(400);
    expect(wrong.json().error.code).toBe('bad_locale');
    const post = await request(api('/api/recommendations', 'sv', `&sku=${sku}`), { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
  });

  it('another storefront answers for its own products with its own prices', async () => {
    const fi = await productsOf(h, 'fi');
    const r = await request(api('/api/recommendations', 'fi', `&sku=${pages[0].product.sku}&provider=internal`));
    expect(r.status).toBe(200);
    const cards = r.json<{ products: unknown[] }>().products.map((p) => recommendationCardSchema.parse(p));
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) expect(c.prices).toEqual(fi.find((p) => p.sku === c.sku)!.prices);
  });
});
