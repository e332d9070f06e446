import { describe, expect, it } from 'vitest';
import { addItem, cartCount, cartTotal, isLockedLine, itemFromProduct, needsProductPage, priceForQuantity, setQuantity, type CartItem } from '#lib/cart/client-rules.ts';
import { clearCheckout, EMPTY_CART, reviveCart, showCheckoutButton } from '#lib/cart/client-state.ts';
import type { CartProductInput } from '#lib/cart/product-input.ts';

const product: CartProductInput = {
  product_id: 7, sku: 'SKU-7', name: 'Filter', slug: 'filter', url: '/produkt/filter', type: 1, thumb: null,
  prices: { n: [{ q: 1, p: 100 }, { q: 5, p: 90 }, { q: 10, p: 80 }] }, vat: 25, categories: [3], group_id: 2,
  discount_category: 'A', stock_status: 'in-stock', estimated_at: null, orderable: true, variations: [],
};
const line = (uuid: string, qty = 1, extra: Partial<CartItem> = {}): CartItem => ({ ...itemFromProduct(product, qty, uuid), ...extra });

describe('cart rules (SPEC §4 Cart)', () => {
  it('builds a line from a product with tier pricing', () => {
    const l = itemFromProduct(product, 5, 'u1');
    expect(l.price).toBe(90);
    expect(l.ordinary_price).toBe(90);
    expect(l.pricing).toEqual([{ q: 1, p: 100 }, { q: 5, p: 90 }, { q: 10, p: 80 }]);
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
  it('clears checkout state and revives broken storage', () => {
    const s = clearCheckout({ ...EMPTY_CART, checkoutID: 'c1', paymentMethod: 'klarna', servicePoint: 'sp', shippingMethod: 'x', campaignData: { utm_source: 'a' }, sessions: { card: { id: '1', locale: 'sv' } }, items: [line('u1')] });
    expect(s).toMatchObject({ checkoutID: null, paymentMethod: null, servicePoint: null, shippingMethod: null, campaignData: null, sessions: {} });
    expect(s.items).toHaveLength(1);
    expect(reviveCart('garbage')).toEqual(EMPTY_CART);
    expect(reviveCart({ items: [] }).vat).toBe(true);
  });
  it('hides the checkout button on checkout and for an empty cart', () => {
    expect(showCheckoutButton('index', 2)).toBe(true);
    expect(showCheckoutButton('checkout-id', 2)).toBe(false);
    expect(showCheckoutButton('index', 0)).toBe(false);
    expect(showCheckoutButton(undefined, 1)).toBe(true);
  });
});
