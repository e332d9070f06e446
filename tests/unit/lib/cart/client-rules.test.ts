import { describe, expect, it } from 'vitest';
import { cartTotal } from '#lib/cart/cart-total.ts';
import {
  addItem,
  atcLines,
  cartCount,
  isLockedLine,
  itemFromProduct,
  needsProductPage,
  priceForQuantity,
  setQuantity,
} from '#lib/cart/client-rules.ts';
import { line, product } from '#tests/unit/fixtures/cart-items.ts';

describe('cart rules', () => {
  it('builds a line from a product with tier pricing', () => {
    const l = itemFromProduct(product, 5, 'u1');
    expect(l.price).toBe(90);
    expect(l.ordinary_price).toBe(90);
    expect(l.pricing).toEqual([
      { q: 1, p: 100 },
      { q: 5, p: 90 },
      { q: 10, p: 80 },
    ]);
  });
  it('merges quantity into a line with the same product_id and re-prices', () => {
    const items = addItem(addItem([], line('u1', 3)), line('u2', 2));
    expect(items).toHaveLength(1);
    expect(items[0].quantity).toBe(5);
    expect(items[0].price).toBe(90);
  });
  it('appends when either line is cross-sell, upsell or coupon-added', () => {
    expect(addItem([line('u1', 1, { cross_selling_product_id: 9 })], line('u2'))).toHaveLength(2);
    expect(addItem([line('u1')], line('u2', 1, { upselling_bundle_id: 4 }))).toHaveLength(2);
    expect(addItem([line('u1')], line('u2', 1, { added_by_coupon: 'FREE' }))).toHaveLength(2);
    expect(isLockedLine(line('x', 1, { added_by_coupon: 'X' }))).toBe(true);
    expect(isLockedLine(line('x'))).toBe(false);
  });
  it('sets quantity with the highest tier whose q ≤ quantity, removes at 0', () => {
    const items = [line('u1'), { ...line('u2'), product_id: 8 }];
    expect(setQuantity(items, 'u1', 12)[0].price).toBe(80);
    expect(setQuantity(items, 'u1', 9)[0].price).toBe(90);
    expect(setQuantity(items, 'u1', 4)[0].price).toBe(100);
    expect(setQuantity(items, 'u1', 0).map((i) => i.uuid)).toEqual(['u2']);
    expect(priceForQuantity([], 3, 55)).toBe(55);
  });
  it('counts and totals', () => {
    const items = [line('u1', 2), { ...line('u2', 10), product_id: 8 }];
    expect(cartCount(items)).toBe(12);
    expect(cartTotal(items)).toBe(2 * 100 + 10 * 80);
  });
  it('sends products with variations to their page', () => {
    expect(needsProductPage(product)).toBe(false);
    expect(needsProductPage({ variations: [{ sku: 'a', name: 'A', attributes: { color: 'red' } }] })).toBe(true);
  });
});

describe('atc link lines', () => {
  const uuids = () => {
    let n = 0;
    return () => `new-${++n}`;
  };
  it('merges a link entry into the one-off line of its sku and appends the others', () => {
    const lines = atcLines(
      [line('a', 2)],
      [
        { sku: 'SKU-7', quantity: 3 },
        { sku: 'SKU-9', quantity: 1 },
      ],
      uuids(),
    );
    expect(lines.map((l) => [l.uuid, l.sku, l.quantity])).toEqual([
      ['a', 'SKU-7', 5],
      ['new-1', 'SKU-9', 1],
    ]);
  });

  it('keeps bundle, cross-sell, coupon and subscription lines as they are, never merging into them', () => {
    const bundle = line('b', 1, { upselling_bundle_id: 4, unique_bundle_id: 'u1' });
    const subscribed = line('s', 1, { subscription_interval: { name: 'every 3 months', months: 3 } });
    const lines = atcLines([bundle, subscribed], [{ sku: 'SKU-7', quantity: 2 }], uuids());
    expect(lines[0]).toMatchObject({ uuid: 'b', quantity: 1, upselling_bundle_id: 4, unique_bundle_id: 'u1' });
    expect(lines[1]).toMatchObject({ uuid: 's', quantity: 1, subscription_interval: { months: 3 } });
    expect(lines[2]).toMatchObject({ uuid: 'new-1', sku: 'SKU-7', quantity: 2 });
  });
});
