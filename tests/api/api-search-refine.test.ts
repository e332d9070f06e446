/** Refining search results through GET /api/products (docs/product/search.md#refining-results) on the real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { api, openTestDb } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { productSearchResultSchema, searchFacetsSchema } from '#lib/api/catalogue-contracts.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { availabilityOf } from '#lib/catalogue/listing-query.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';

let h: DbHandle;
const brandOf = new Map<string, number | null>();
beforeAll(async () => {
  h = openTestDb();
  for (const r of await h.db.selectFrom('products').select(['sku', 'brand_id']).execute()) brandOf.set(r.sku, r.brand_id);
});
afterAll(async () => {
  await h.db.destroy();
});

interface Hit {
  sku: string;
  name: string;
  stock_status: string;
  prices: PriceObject;
}
async function search(
  extra: string,
): Promise<{ total: number; products: Hit[]; facets: ReturnType<typeof searchFacetsSchema.parse> | undefined }> {
  const r = await request(api('/api/products', 'sv', `&query=filter&limit=100${extra}`));
  expect(r.status).toBe(200);
  const body = r.json();
  for (const p of body.products) productSearchResultSchema.parse(p);
  return {
    total: Number(r.headers['x-be-records']),
    products: body.products,
    facets: body.facets && searchFacetsSchema.parse(body.facets),
  };
}
const price = (p: Hit) => unitPrice(p.prices, 1);

describe('GET /api/products refinements', () => {
  it('answers facets that add up to the results', async () => {
    const { total, facets, products } = await search('&facets=true');
    expect(facets).toBeDefined();
    expect(facets!.brands.length).toBeGreaterThan(1);
    // Every demo product has a brand: the brand counts add up to the total.
    expect(facets!.brands.reduce((n, b) => n + b.count, 0)).toBe(total);
    expect(products.every((p) => brandOf.get(p.sku))).toBe(true);
    expect(facets!.stock.reduce((n, s) => n + s.count, 0)).toBe(total);
    expect(facets!.categories.every((c) => c.name && c.uri.startsWith('/'))).toBe(true);
    expect(facets!.price!.min).toBeLessThanOrEqual(facets!.price!.max);
    expect(Math.min(...products.map(price))).toBeGreaterThanOrEqual(facets!.price!.min);
    // Without facets=true the answer keeps its usual shape.
    expect((await search('')).facets).toBeUndefined();
  });

  it('narrows by brand, with the other brands still counted', async () => {
    const all = await search('&facets=true');
    const [brand, other] = all.facets!.brands;
    const one = await search(`&brand=${brand.id}&facets=true`);
    expect(one.total).toBe(brand.count);
    expect(one.products.every((p) => brandOf.get(p.sku) === brand.id)).toBe(true);
    expect(one.facets!.brands.find((b) => b.id === other.id)?.count).toBe(other.count);
    const two = await search(`&brand=${brand.id},${other.id}`);
    expect(two.total).toBe(brand.count + other.count);
  });

  it('narrows by stock status and by a price range', async () => {
    const all = await search('&facets=true');
    const status = all.facets!.stock[0];
    const inStock = await search(`&stock=${status.status}`);
    expect(inStock.total).toBe(status.count);
    expect(inStock.products.every((p) => availabilityOf(p.stock_status) === status.status)).toBe(true);
    const { min, max } = all.facets!.price!;
    const mid = Math.round((min + max) / 2);
    const cheap = await search(`&price_max=${mid}`);
    const dear = await search(`&price_min=${mid + 0.01}`);
    expect(cheap.total + dear.total).toBe(all.total);
    // Excluding VAT the same bound lets more products under it.
    expect((await search(`&price_max=${mid}&vat=ex`)).total).toBeGreaterThanOrEqual(cheap.total);
    expect(cheap.products.every((p) => price(p) <= mid)).toBe(true);
    expect(dear.products.every((p) => price(p) > mid)).toBe(true);
  });

  it('sorts by price either way and by name, keeping the same results', async () => {
    const all = await search('');
    const asc = await search('&sort=price-asc');
    const desc = await search('&sort=price-desc');
    const byName = await search('&sort=name');
    expect(asc.total).toBe(all.total);
    const ascPrices = asc.products.map(price);
    expect(ascPrices).toEqual([...ascPrices].sort((a, b) => a - b));
    const descPrices = desc.products.map(price);
    expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a));
    const names = byName.products.map((p) => p.name);
    const collator = new Intl.Collator('sv-SE', { sensitivity: 'base', numeric: true });
    expect(names).toEqual([...names].sort(collator.compare));
  });

  it('refuses malformed refinements with 400 invalid_request', async () => {
    for (const extra of [
      '&brand=abc',
      '&brand=0',
      `&brand=${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`,
      '&sort=cheapest',
      '&price_min=-1',
      '&stock=IN%20STOCK',
      '&category=x',
      '&facets=maybe',
    ]) {
      const r = await request(api('/api/products', 'sv', `&query=filter${extra}`));
      expect(r.status, extra).toBe(400);
      expect(r.json().error.code).toBe('invalid_request');
    }
  });
});
