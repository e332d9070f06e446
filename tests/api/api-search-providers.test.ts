/**
 * Search providers on GET /api/products (docs/product/search.md#providers) on the real server, with the suite's
 * sandbox as Depict (the server's external provider defaults to it outside production): who answers
 * (x-search-provider), the external provider's order with our own prices and stock, unknown SKUs dropped,
 * and the internal engine answering whenever the provider fails, is slow, or cannot answer the request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request, type TestResponse } from '#tests/support/http.ts';
import { api, openTestDb, productsOf, type TestProduct, depictControl as control } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { productSearchResultSchema, type ProductSearchResult } from '#lib/api/catalogue-contracts.ts';
import { emulatedSearch } from '#sandbox/depict/depict-emulator.ts';
import type { FeedProduct } from '#sandbox/depict/depict-feed.ts';

let h: DbHandle;
let sv: TestProduct[];
/** The sv catalogue as Depict's feed, with prices and stock Depict has wrong, and two SKUs the shop does not sell. */
let feed: FeedProduct[];
/** A word in many product names: enough matches for several pages. */
let word: string;

async function search(extra: string): Promise<{ r: TestResponse; provider: string; skus: string[]; products: ProductSearchResult[] }> {
  const r = await request(api('/api/products', 'sv', extra));
  expect(r.status).toBe(200);
  const products = r.json<{ products: unknown[] }>().products.map((p) => productSearchResultSchema.parse(p));
  return { r, provider: String(r.headers['x-search-provider']), skus: products.map((p) => p.sku), products };
}

/** What Depict (the emulator) ranks for a query, minus what we do not sell: the order the shopper must get. */
const externalOrder = (query: string) =>
  emulatedSearch(feed, query)
    .map((p) => p.product_id)
    .filter((sku) => sv.some((p) => p.sku === sku));

beforeAll(async () => {
  h = openTestDb();
  sv = await productsOf(h, 'sv');
  const counts = new Map<string, number>();
  for (const p of sv)
    for (const w of new Set(p.name.toLowerCase().split(/[^\p{L}]+/u))) if (w.length >= 5) counts.set(w, (counts.get(w) ?? 0) + 1);
  word = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
  const first = sv.find((p) => p.name.toLowerCase().includes(word))!;
  feed = [
    // Unknown SKUs named like our products: Depict would rank them; the shop must drop them.
    { product_id: 'NOT-SOLD-1', title: `${first.name} A`, slug: 'not-sold-1', price: 1, in_stock: true, image_url: null },
    ...sv.map((p) => ({ product_id: p.sku, title: p.name, slug: p.slug, price: 1, in_stock: false, image_url: null })),
    { product_id: 'NOT-SOLD-2', title: `${first.name} B`, slug: 'not-sold-2', price: 1, in_stock: true, image_url: null },
  ];
});
beforeEach(async () => {
  await control('reset');
  await control('feed', { market: 'se', products: feed });
});
afterAll(async () => {
  await control('reset');
  await h.db.destroy();
});

describe('who answers', () => {
  it('provider=internal (and no provider, and an unknown one) is the internal engine, and the header says so', async () => {
    const internal = await search(`&query=${encodeURIComponent(word)}&provider=internal`);
    expect(internal.provider).toBe('internal');
    expect(internal.r.headers['access-control-expose-headers']).toContain('x-search-provider');
    expect(internal.skus.length).toBeGreaterThan(0);
    for (const extra of ['', '&provider=something_else']) {
      const other = await search(`&query=${encodeURIComponent(word)}${extra}`);
      expect(other.provider).toBe('internal');
      expect(other.skus).toEqual(internal.skus);
    }
  });

  it("provider=external is Depict's choice and order; prices, stock and names are ours; unknown SKUs are dropped", async () => {
    const expected = externalOrder(word);
    expect(expected.length).toBeGreaterThan(8);
    const ext = await search(`&query=${encodeURIComponent(word)}&provider=external&limit=8`);
    expect(ext.provider).toBe('external');
    expect(ext.skus).toEqual(expected.slice(0, 8));
    expect(ext.skus).not.toContain('NOT-SOLD-1');
    const internal = await search(`&query=${encodeURIComponent(word)}&provider=internal&limit=8`);
    expect(ext.skus).not.toEqual(internal.skus); // the emulator's ranking is not ours
    for (const p of ext.products) {
      const own = sv.find((o) => o.sku === p.sku)!;
      expect(p.prices).toEqual(own.prices); // Depict's price (1) is never shown
      expect(p.stock_status).toBe(own.stock_status);
      expect(p.name).toBe(own.name);
      expect(p.score).toBe(0);
    }
  });

  it("pages deeper than Depict's first page follow its cursor (offset and page)", async () => {
    const expected = externalOrder(word);
    const byOffset = await search(`&query=${encodeURIComponent(word)}&provider=external&limit=10&offset=20`);
    expect(byOffset.provider).toBe('external');
    expect(byOffset.skus).toEqual(expected.slice(20, 30));
    const byPage = await search(`&query=${encodeURIComponent(word)}&provider=external&limit=10&page=3`);
    expect(byPage.skus).toEqual(expected.slice(20, 30));
  });

  it("Depict pages are followed up to 5 deep; a page deeper than that is the internal engine's", async () => {
    // Every product of ours matches "zzdeep" at Depict: 300 matches, 24 a page.
    const deep = sv.map((p) => ({ product_id: p.sku, title: `zzdeep ${p.name}`, slug: p.slug, price: 1, in_stock: true, image_url: null }));
    await control('feed', { market: 'se', products: deep });
    const expected = emulatedSearch(deep, 'zzdeep').map((p) => p.product_id);
    const fifth = await search('&query=zzdeep&provider=external&limit=10&offset=100'); // within pages 1–5 (120 cards)
    expect(fifth.provider).toBe('external');
    expect(fifth.skus).toEqual(expected.slice(100, 110));
    const sixth = await search('&query=zzdeep&provider=external&limit=10&offset=130');
    expect(sixth.provider).toBe('internal');
  });

  it('nc/co on an external answer count the main categories of the products Depict chose', async () => {
    const ext = await search(`&query=${encodeURIComponent(word)}&provider=external&nc=true&co=true&limit=100`);
    expect(ext.provider).toBe('external');
    const categories = ext.r.json<{ categories: { id: number; count: number }[] }>().categories;
    expect(categories.length).toBeGreaterThan(0);
    const main = await h.db
      .selectFrom('product_categories as pc')
      .innerJoin('products as p', 'p.id', 'pc.product_id')
      .select(['p.sku', 'pc.category_id'])
      .where('pc.main', '=', 1)
      .where('p.sku', 'in', ext.skus)
      .execute();
    for (const c of categories) expect(c.count).toBe(main.filter((m) => m.category_id === c.id).length);
  });
});

describe('the internal engine answers when the external provider cannot', () => {
  it('Depict answering 5xx: a normal 200 from the internal engine', async () => {
    const internal = await search(`&query=${encodeURIComponent(word)}&provider=internal`);
    await control('faults', { failNext: 1 });
    const ext = await search(`&query=${encodeURIComponent(word)}&provider=external`);
    expect(ext.provider).toBe('internal');
    expect(ext.skus).toEqual(internal.skus);
  });

  it('Depict slower than the budget (800 ms): the internal engine answers without waiting for it', async () => {
    await control('faults', { delayMs: 3000 });
    const started = Date.now();
    const ext = await search(`&query=${encodeURIComponent(word)}&provider=external`);
    expect(ext.provider).toBe('internal');
    expect(ext.skus.length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('Depict finding only products we do not sell', async () => {
    await control('feed', {
      market: 'se',
      products: [{ product_id: 'NOT-SOLD-1', title: word, slug: 'x', price: 1, in_stock: true, image_url: null }],
    });
    const ext = await search(`&query=${encodeURIComponent(word)}&provider=external`);
    expect(ext.provider).toBe('internal');
    expect(ext.skus.length).toBeGreaterThan(0);
  });

  it("a part number is the internal engine's, which leads to the part sold now (Depict knows no supersession)", async () => {
    const replaced = await h.db
      .selectFrom('product_numbers as n')
      .innerJoin('product_supersessions as s', 's.product_id', 'n.product_id')
      .where('n.kind', '=', 'oem')
      .select(['n.number', 'n.product_id'])
      .orderBy('n.product_id')
      .execute();
    const successors = new Map(
      (await h.db.selectFrom('product_supersessions').select(['product_id', 'replaced_by']).execute()).map((r) => [
        r.product_id,
        r.replaced_by,
      ]),
    );
    const row = replaced.find((r) => {
      let id = r.product_id;
      while (successors.has(id)) id = successors.get(id)!;
      return sv.some((p) => p.id === id);
    })!;
    let current = row.product_id;
    while (successors.has(current)) current = successors.get(current)!;
    // Depict would answer the number with another product whose title carries it
    await control('feed', {
      market: 'se',
      products: [{ product_id: sv[0]!.sku, title: `${sv[0]!.name} ${row.number}`, slug: 'x', price: 1, in_stock: true, image_url: null }],
    });
    const ext = await search(`&query=${encodeURIComponent(row.number)}&provider=external`);
    expect(ext.provider).toBe('internal');
    expect(ext.skus[0]).toBe(sv.find((p) => p.id === current)!.sku);
  });

  it("refinements, sorting and facets are the internal engine's", async () => {
    for (const extra of ['&sort=price-asc', '&facets=true', '&stock=in-stock']) {
      const ext = await search(`&query=${encodeURIComponent(word)}&provider=external${extra}`);
      expect(ext.provider).toBe('internal');
    }
  });

  it('a provider value the schema refuses is still a 400 with the error body', async () => {
    const r = await request(api('/api/products', 'sv', `&query=${encodeURIComponent(word)}&provider=${'x'.repeat(41)}`));
    expect(r.status).toBe(400);
    expect(r.json().error.code).toBeTruthy();
    expect(r.headers['x-search-provider']).toBeUndefined();
  });
});
