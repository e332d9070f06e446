import { describe, expect, it } from 'vitest';
import { bundleCartItems, shownPanel, type BundleOffer } from '#lib/catalogue/accessories-cart.ts';
import { addItem, isLockedLine, itemFromProduct } from '#lib/cart/client-rules.ts';
import type { CartProductInput } from '#lib/cart/product-input.ts';

const product = (id: number, p: number): CartProductInput => ({
  product_id: id,
  sku: `P${id}`,
  name: `Part ${id}`,
  slug: `part-${id}`,
  url: `/produkt/part-${id}`,
  type: 1,
  thumb: null,
  prices: { n: [{ q: 1, p }] },
  vat: 25,
  categories: [3],
  group_id: null,
  discount_category: null,
  stock_status: 'in-stock',
  estimated_at: null,
  orderable: true,
  variations: [],
});
const offer: BundleOffer = {
  id: 4,
  discount_percent: 10,
  lines: [
    { product: product(1, 200), quantity: 1 },
    { product: product(2, 50), quantity: 2 },
  ],
};
let n = 0;
const uuid = () => `u${++n}`;

describe('accessories variants', () => {
  it('shows the bundle only for upselling with a bundle; everything else shows the accessories', () => {
    expect(shownPanel('upselling', true)).toBe('upselling');
    expect(shownPanel('upselling', false)).toBe('original');
    expect(shownPanel('original', true)).toBe('original');
    expect(shownPanel('anything', true)).toBe('original');
  });
});

describe('bundle cart lines', () => {
  it('makes one locked line per bundle line with the bundle id, one instance id and the bundle price', () => {
    const items = bundleCartItems(offer, 'inst', uuid);
    expect(items.map((i) => [i.sku, i.quantity, i.upselling_bundle_id, i.unique_bundle_id, i.price])).toEqual([
      ['P1', 1, 4, 'inst', 180],
      ['P2', 2, 4, 'inst', 45],
    ]);
    expect(items.every(isLockedLine)).toBe(true);
    expect(new Set(items.map((i) => i.uuid)).size).toBe(2);
  });

  it('never merges: a normal add of a bundled product is a new line, and a bundle line never absorbs another', () => {
    const bundled = bundleCartItems(offer, 'inst', uuid);
    const afterNormal = addItem(bundled, itemFromProduct(product(1, 200), 1, uuid()));
    expect(afterNormal).toHaveLength(3);
    expect(afterNormal.slice(0, 2)).toEqual(bundled);
    const again = addItem(afterNormal, bundleCartItems(offer, 'inst2', uuid)[0]);
    expect(again).toHaveLength(4);
    // a later normal add merges with the normal line only
    const merged = addItem(again, itemFromProduct(product(1, 200), 1, uuid()));
    expect(merged).toHaveLength(4);
    expect(merged[2].quantity).toBe(2);
  });
});
