import { describe, expect, it } from 'vitest';
import { priceCart, type CartProductFacts } from '#lib/cart/server-price-cart.ts';
import type { StoredBundle } from '#lib/catalogue/accessories-bundles.ts';
import { couponRule } from '#tests/unit/fixtures/coupon-rule.ts';

const facts = (id: number, sku: string, p: number, over: Partial<CartProductFacts> = {}): CartProductFacts => ({
  product_id: id,
  sku,
  name: sku,
  slug: sku.toLowerCase(),
  type: 1,
  thumb: null,
  prices: { n: [{ q: 1, p }] },
  vat: 25,
  categories: [3],
  group_id: null,
  discount_category: null,
  stock_status: 'in-stock',
  stock_quantity: 50,
  estimated_at: null,
  orderable: true,
  ...over,
});
const products = new Map([
  ['FILTER', facts(1, 'FILTER', 200)],
  ['BAGS', facts(2, 'BAGS', 50)],
]);
const bundle: StoredBundle = {
  id: 3,
  product_id: 1,
  discount_percent: 10,
  lines: [
    { product_id: 1, sku: 'FILTER', quantity: 1 },
    { product_id: 2, sku: 'BAGS', quantity: 2 },
  ],
};
const bundles = new Map([[3, bundle]]);
const name = (m: number) => `${m}`;
const claim = (sku: string, quantity: number, id = 3, instance = 'i1') => ({
  uuid: `${sku}-${instance}`,
  sku,
  quantity,
  upselling_bundle_id: id,
  unique_bundle_id: instance,
  price: 0.01, // forged: never read
});

describe('cart sync: upsell bundle lines', () => {
  it('prices a complete bundle from the stored bundle and keeps its ids', () => {
    const { items } = priceCart([claim('FILTER', 1), claim('BAGS', 2)], products, [], {}, name, bundles);
    expect(items.map((l) => [l.sku, l.price, l.ordinary_price, l.campaign, l.upselling_bundle_id, l.unique_bundle_id])).toEqual([
      ['FILTER', 180, 200, true, 3, 'i1'],
      ['BAGS', 45, 50, true, 3, 'i1'],
    ]);
  });

  it('drops a forged or broken claim: the line is ordinary, at its ordinary price, without bundle ids', () => {
    for (const lines of [
      [claim('FILTER', 1, 99), claim('BAGS', 2, 99)], // no such bundle
      [claim('FILTER', 1), claim('BAGS', 3)], // quantity changed
      [claim('FILTER', 1)], // incomplete
    ]) {
      const { items } = priceCart(lines, products, [], {}, name, bundles);
      for (const l of items) {
        expect(l.upselling_bundle_id).toBeNull();
        expect(l.unique_bundle_id).toBeNull();
        expect(l.price).toBe(products.get(l.sku)!.prices.n[0].p);
      }
    }
  });

  it('drops the claim when stock caps a bundle line (the bundle would no longer be whole)', () => {
    const low = new Map(products);
    low.set('BAGS', facts(2, 'BAGS', 50, { stock_quantity: 1 }));
    const { items } = priceCart([claim('FILTER', 1), claim('BAGS', 2)], low, [], {}, name, bundles);
    expect(items.map((l) => [l.quantity, l.price, l.upselling_bundle_id])).toEqual([
      [1, 200, null],
      [1, 50, null],
    ]);
  });

  it('never merges: a bundle line and an ordinary line of the same product stay two lines at their own prices', () => {
    const { items } = priceCart(
      [claim('FILTER', 1), claim('BAGS', 2), { uuid: 'plain', sku: 'FILTER', quantity: 1 }],
      products,
      [],
      {},
      name,
      bundles,
    );
    expect(items.map((l) => [l.uuid, l.quantity, l.price])).toEqual([
      ['FILTER-i1', 1, 180],
      ['BAGS-i1', 2, 45],
      ['plain', 1, 200],
    ]);
  });

  it('applies coupons on top of the bundle price', () => {
    const { items } = priceCart(
      [claim('FILTER', 1), claim('BAGS', 2)],
      products,
      [couponRule({ code: 'TEN', percentage_discount: 10 })],
      {},
      name,
      bundles,
    );
    expect(items.map((l) => l.price)).toEqual([162, 40.5]);
  });
});
