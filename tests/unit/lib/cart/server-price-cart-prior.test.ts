/**
 * The prior price on a cart line (docs/adr/0022-prior-price.md): the art. 6a prior price of the line's campaign
 * tier from the price history, null without history, for a bundle price and once a coupon changed the price.
 */
import { describe, expect, it } from 'vitest';
import { priceCart, type CartProductFacts } from '#lib/cart/server-price-cart.ts';
import { setQuantity } from '#lib/cart/client-rules.ts';
import { priorPrice, type PricePoint, type PriorPrices } from '#lib/pricing/prior-price.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import type { StoredBundle } from '#lib/catalogue/accessories-bundles.ts';
import type { CouponRule } from '#lib/coupons/types.ts';
import { couponRule } from '#tests/unit/fixtures/coupon-rule.ts';

const NOW = new Date('2026-06-30T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();
/** The prior prices the server derives from a product's recorded history, per tier (as price-history.ts does). */
const priorsOf = (history: Record<number, [number, number][]>): PriorPrices =>
  Object.fromEntries(
    Object.entries(history).flatMap(([q, steps]) => {
      const prior = priorPrice(
        steps.map(([days, major]): PricePoint => ({ at: daysAgo(days), minor: Math.round(major * 100) })),
        NOW,
      );
      return prior ? [[Number(q), prior]] : [];
    }),
  );

const campaign: PriceObject = {
  n: [
    { q: 1, p: 100 },
    { q: 5, p: 90 },
  ],
  c: [
    { q: 1, p: 75, o: 100, d: 25 },
    { q: 5, p: 70, o: 90, d: 22 },
  ],
};
const facts = (over: Partial<CartProductFacts> = {}): CartProductFacts => ({
  product_id: 1,
  sku: 'P1',
  name: 'Filter',
  slug: 'filter',
  type: 1,
  thumb: null,
  prices: campaign,
  vat: 25,
  categories: [3],
  group_id: 2,
  discount_category: 'A',
  stock_status: 'in-stock',
  stock_quantity: 100,
  estimated_at: null,
  orderable: true,
  ...over,
});
const lineOf = (p: CartProductFacts, quantity = 1, rules: CouponRule[] = []) =>
  priceCart([{ sku: p.sku, quantity }], new Map([[p.sku, p]]), rules).items[0]!;

const proven = priorsOf({
  1: [
    [90, 100],
    [10, 75],
  ],
  5: [
    [90, 90],
    [10, 70],
  ],
});

describe('cart line prior_price', () => {
  it("a campaign line with history carries its tier's prior price, in the units of price", () => {
    expect(lineOf(facts({ prior: proven }))).toMatchObject({ price: 75, ordinary_price: 100, prior_price: 100, campaign: true });
    expect(lineOf(facts({ prior: proven }), 6)).toMatchObject({ price: 70, prior_price: 90 });
  });

  it('no history, no reduction: null (the campaign price is simply the price)', () => {
    expect(lineOf(facts())).toMatchObject({ price: 75, prior_price: null });
    expect(lineOf(facts({ prior: {} }))).toMatchObject({ price: 75, prior_price: null });
    // a rise as the last change announces nothing either
    const rose = priorsOf({
      1: [
        [90, 60],
        [10, 75],
      ],
    });
    expect(lineOf(facts({ prior: rose })).prior_price).toBeNull();
  });

  it('a progressive reduction keeps the prior price of its first step (art. 6a(5))', () => {
    // 100 for months, 90 from 20 days ago, 75 from 5 days ago: 90 was in effect in the 30 days before the
    // last step, but the reduction started at the first step, whose window saw only 100
    const prior = priorsOf({
      1: [
        [120, 100],
        [20, 90],
        [5, 75],
      ],
    });
    expect(lineOf(facts({ prior })).prior_price).toBe(100);
  });

  it('a line without campaign tiers has none, even with a lower price recorded', () => {
    const plain = facts({ prices: { n: [{ q: 1, p: 80 }] }, prior: priorsOf({ 1: [[90, 100]] }) });
    expect(lineOf(plain)).toMatchObject({ price: 80, prior_price: null });
  });

  it('a bundle price is another offer: no prior price on its lines', () => {
    const bags = facts({ product_id: 2, sku: 'BAGS', prices: { n: [{ q: 1, p: 50 }] } });
    const products = new Map([
      ['P1', facts({ prior: proven })],
      ['BAGS', bags],
    ]);
    const bundle: StoredBundle = {
      id: 3,
      product_id: 1,
      discount_percent: 10,
      lines: [
        { product_id: 1, sku: 'P1', quantity: 1 },
        { product_id: 2, sku: 'BAGS', quantity: 1 },
      ],
    };
    const claim = (sku: string) => ({ uuid: sku, sku, quantity: 1, upselling_bundle_id: 3, unique_bundle_id: 'i1' });
    const { items } = priceCart([claim('P1'), claim('BAGS')], products, [], {}, String, new Map([[3, bundle]]));
    expect(items[0]!.upselling_bundle_id).toBe(3);
    expect(items.map((l) => l.prior_price)).toEqual([null, null]);
  });

  it("a coupon's saving is not the announced reduction: null once a coupon changed the line's price", () => {
    const p = facts({ prior: proven });
    const discounted = lineOf(p, 1, [couponRule({ code: 'SAVE10', percentage_discount: 10 })]);
    expect(discounted.price).toBeLessThan(75);
    expect(discounted.prior_price).toBeNull();
  });

  it("the browser drops a line's prior price when a quantity change moves it to another tier's price", () => {
    const line = { ...lineOf(facts({ prior: proven })), pricing: campaign.c!.map(({ q, p }) => ({ q, p })) };
    expect(setQuantity([line], line.uuid, 2)[0]!.prior_price).toBe(100);
    expect(setQuantity([line], line.uuid, 5)[0]!.prior_price).toBeNull();
  });
});
