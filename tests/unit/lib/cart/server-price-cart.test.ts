import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartTotal } from '#lib/cart/cart-total.ts';
import { priceCart, type CartProductFacts } from '#lib/cart/server-price-cart.ts';
import { CartNotice } from '#lib/cart/server-stock.ts';
import type { CouponRule } from '#lib/coupons/types.ts';
import { ruleArb, tiersArb } from '#tests/unit/fixtures/arbitraries.ts';
import { couponRule } from '#tests/unit/fixtures/coupon-rule.ts';

const product = (over: Partial<CartProductFacts> = {}): CartProductFacts => ({
  product_id: 1,
  sku: 'P1',
  name: 'Filter',
  slug: 'filter',
  type: 1,
  thumb: null,
  prices: {
    n: [
      { q: 1, p: 100 },
      { q: 5, p: 90 },
      { q: 10, p: 80 },
    ],
  },
  vat: 25,
  categories: [3],
  group_id: 2,
  discount_category: 'A',
  stock_status: 'back-order-quick',
  stock_quantity: 0,
  estimated_at: null,
  orderable: true,
  ...over,
});
const percent = (code: string, p: number): CouponRule => couponRule({ code, percentage_discount: p });

describe('cart sync (server-authoritative)', () => {
  it('prices each line at the highest tier whose q ≤ quantity, ignoring the client price', () => {
    const products = new Map([['P1', product()]]);
    const [a, b, c] = priceCart(
      [
        { sku: 'P1', quantity: 4, price: 1 },
        { sku: 'P1', quantity: 5, price: 0 },
        { sku: 'P1', quantity: 12 },
      ],
      products,
      [],
    ).items;
    expect([a.price, b.price, c.price]).toEqual([100, 90, 80]);
    expect(a).toMatchObject({
      ordinary_price: 100,
      campaign: false,
      adjusted_quantity: null,
      cart_notice: null,
      pricing: products.get('P1')!.prices.n,
    });
  });

  it('uses campaign tiers and marks the line as campaign', () => {
    const p = product({ prices: { n: [{ q: 1, p: 100 }], c: [{ q: 1, p: 75, o: 100, d: 25 }] } });
    const [line] = priceCart([{ sku: 'P1', quantity: 1 }], new Map([['P1', p]]), []).items;
    expect(line).toMatchObject({ price: 75, ordinary_price: 100, campaign: true });
  });

  it('caps to 5000 and to the stock of an in-stock product, with adjusted_quantity and a notice', () => {
    const products = new Map([
      ['P1', product()],
      ['P2', product({ sku: 'P2', product_id: 2, stock_status: 'in-stock', stock_quantity: 3 })],
    ]);
    const [big, stock] = priceCart(
      [
        { sku: 'P1', quantity: 9000 },
        { sku: 'P2', quantity: 5 },
      ],
      products,
      [],
    ).items;
    expect(big).toMatchObject({ quantity: 5000, adjusted_quantity: 5000, cart_notice: CartNotice.QuantityLimited });
    expect(stock).toMatchObject({ quantity: 3, adjusted_quantity: 3, cart_notice: CartNotice.StockLimited });
  });

  it("shares a product's stock across its lines: earlier lines keep theirs, later ones are reduced or emptied", () => {
    const one = product({ sku: 'ONE', product_id: 5, stock_status: 'in-stock', stock_quantity: 1 });
    const five = Array.from({ length: 5 }, (_, i) => ({ sku: 'ONE', quantity: 1, uuid: `l${i}` }));
    const items = priceCart(five, new Map([['ONE', one]]), []).items;
    expect(items.map((l) => l.quantity)).toEqual([1, 0, 0, 0, 0]);
    expect(items[0]).toMatchObject({ uuid: 'l0', quantity: 1, adjusted_quantity: null, cart_notice: null, price: 100 });
    for (const l of items.slice(1)) expect(l).toMatchObject({ quantity: 0, adjusted_quantity: 0, cart_notice: CartNotice.StockLimited });

    const three = product({ sku: 'THREE', product_id: 6, stock_status: 'in-stock', stock_quantity: 3 });
    const [a, b, c] = priceCart(
      [
        { sku: 'THREE', quantity: 2, uuid: 'a' },
        { sku: 'THREE', quantity: 2, uuid: 'b' },
        { sku: 'THREE', quantity: 1, uuid: 'c' },
      ],
      new Map([['THREE', three]]),
      [],
    ).items;
    expect([a, b, c].map((l) => [l.quantity, l.adjusted_quantity, l.cart_notice])).toEqual([
      [2, null, null],
      [1, 1, CartNotice.StockLimited],
      [0, 0, CartNotice.StockLimited],
    ]);
    expect(cartTotal([a, b, c])).toBe(300);
  });

  it('reports unknown and unorderable products as quantity-0 lines with a notice; a 0 quantity just removes', () => {
    const products = new Map([
      ['P1', product()],
      ['OUT', product({ sku: 'OUT', product_id: 9, orderable: false, stock_status: 'out-of-stock' })],
    ]);
    const items = priceCart(
      [
        { sku: 'NOPE', quantity: 1, uuid: 'u1' },
        { sku: 'OUT', quantity: 2 },
        { sku: 'P1', quantity: 0 },
        { sku: 'GONE', quantity: 0 },
        { sku: 'OUT', quantity: 0 },
      ],
      products,
      [],
    ).items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ uuid: 'u1', sku: 'NOPE', quantity: 0, adjusted_quantity: 0, cart_notice: CartNotice.UnknownProduct });
    expect(items[1]).toMatchObject({ sku: 'OUT', quantity: 0, cart_notice: CartNotice.NotOrderable, name: 'Filter' });
  });

  it('applies coupons to the line price and reports them', () => {
    const { items, coupons } = priceCart([{ sku: 'P1', quantity: 10 }], new Map([['P1', product()]]), [percent('SAVE10', 10)]);
    expect(items[0].price).toBe(72);
    expect(cartTotal(items)).toBe(720);
    expect(coupons[0]).toMatchObject({ code: 'SAVE10', applied: true, vat_amount: 16 });
  });

  it('keeps client identity fields (uuid, bundles, coupon origin)', () => {
    const [line] = priceCart(
      [{ sku: 'P1', quantity: 1, uuid: 'abc', cross_selling_product_id: 7, added_by_coupon: 'B2G1' }],
      new Map([['P1', product()]]),
      [],
    ).items;
    expect(line).toMatchObject({ uuid: 'abc', cross_selling_product_id: 7, added_by_coupon: 'B2G1', upselling_bundle_id: null });
  });
});

// Property-based invariants (fast-check).

describe('cart sync invariants', () => {
  const facts = (sku: string, tiers: { q: number; p: number }[], over: Partial<CartProductFacts> = {}): CartProductFacts => ({
    product_id: sku.length,
    sku,
    name: sku,
    slug: sku,
    type: 1,
    thumb: null,
    prices: { n: tiers },
    vat: 25,
    categories: [1],
    group_id: 1,
    discount_category: 'A',
    stock_status: 'back-order-quick',
    stock_quantity: 0,
    estimated_at: null,
    orderable: true,
    ...over,
  });
  const clientLine = fc.record({
    sku: fc.constantFrom('AA', 'BBB', 'CCCC', 'UNKNOWN'),
    quantity: fc.integer({ min: 0, max: 100_000 }),
    price: fc.double({ noNaN: true }),
    ordinary_price: fc.double({ noNaN: true }),
    pricing: fc.array(fc.record({ q: fc.integer(), p: fc.double({ noNaN: true }) }), { maxLength: 3 }),
  });

  it('totals never depend on client-sent prices', () => {
    fc.assert(
      fc.property(
        tiersArb,
        tiersArb,
        fc.array(clientLine, { maxLength: 6 }),
        fc.array(ruleArb, { maxLength: 3 }),
        (t1, t2, lines, rules) => {
          const products = new Map([
            ['AA', facts('AA', t1)],
            ['BBB', facts('BBB', t2)],
            ['CCCC', facts('CCCC', t1, { orderable: false })],
          ]);
          const honest = lines.map(({ sku, quantity }) => ({ sku, quantity }));
          const a = priceCart(lines, products, rules);
          const b = priceCart(honest, products, rules);
          expect(a.items.map((i) => [i.sku, i.quantity, i.price, i.ordinary_price])).toEqual(
            b.items.map((i) => [i.sku, i.quantity, i.price, i.ordinary_price]),
          );
        },
      ),
    );
  });

  it('synced quantities stay within 0–5000 and prices are never negative', () => {
    fc.assert(
      fc.property(tiersArb, fc.array(clientLine, { maxLength: 6 }), fc.array(ruleArb, { maxLength: 3 }), (t, lines, rules) => {
        const products = new Map([
          ['AA', facts('AA', t)],
          ['BBB', facts('BBB', t, { stock_status: 'in-stock', stock_quantity: 7 })],
        ]);
        for (const item of priceCart(lines, products, rules).items) {
          expect(item.quantity).toBeGreaterThanOrEqual(0);
          expect(item.quantity).toBeLessThanOrEqual(5000);
          expect(item.price).toBeGreaterThanOrEqual(0);
          if (item.sku === 'BBB') expect(item.quantity).toBeLessThanOrEqual(7);
        }
      }),
    );
  });
});
