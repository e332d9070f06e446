/** Company prices (docs/adr/0035-company-prices.md): the best single price per line, never a sum of discounts. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  hundredthsOfPercent,
  memberDiscounts,
  memberUnitPrice,
  netPriceDiscount,
  percentOfHundredths,
} from '#lib/company/company-prices.ts';
import { applyRules } from '#lib/coupons/server-engine.ts';
import { priceCart, type CartProductFacts } from '#lib/cart/server-price-cart.ts';
import { couponRule, engineLine } from '#tests/unit/fixtures/coupon-rule.ts';

const product = (over: Partial<CartProductFacts> = {}): CartProductFacts => ({
  product_id: 1,
  sku: 'P1',
  name: 'Filter',
  slug: 'filter',
  type: 1,
  thumb: null,
  prices: { n: [{ q: 1, p: 100 }] },
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

describe('memberDiscounts', () => {
  it('takes per category the higher of the customer’s own and the company’s percent, never their sum', () => {
    expect(memberDiscounts({ A: 12, B: 5 }, { A: 10, B: 20, C: 7.5 })).toEqual({ A: 12, B: 20, C: 7.5 });
    expect(memberDiscounts(undefined, { A: 150, B: -3 })).toEqual({ A: 100 });
  });

  it('is never above either input per category (property)', () => {
    const map = fc.dictionary(fc.constantFrom('A', 'B', 'C'), fc.double({ min: 0, max: 100, noNaN: true }));
    fc.assert(
      fc.property(map, map, (own, company) => {
        const m = memberDiscounts(own, company);
        for (const [k, v] of Object.entries(m)) expect(v).toBe(Math.max(own[k] ?? 0, company[k] ?? 0));
      }),
    );
  });
});

describe('netPriceDiscount and memberUnitPrice', () => {
  it('a net price below the unit price is a discount of the difference per unit; none or above: nothing', () => {
    expect(netPriceDiscount(100, 3, 80)).toBe(60);
    expect(netPriceDiscount(100, 3, 120)).toBe(0);
    expect(netPriceDiscount(100, 3, null)).toBe(0);
    expect(netPriceDiscount(100, 3, Number.NaN)).toBe(0);
  });

  it('shows the better of the discounted list price and the net price', () => {
    expect(memberUnitPrice(100, 'A', { A: 10 }, 85)).toBe(85);
    expect(memberUnitPrice(100, 'A', { A: 30 }, 85)).toBe(70);
    expect(memberUnitPrice(100, null, { A: 30 }, undefined)).toBe(100);
  });

  it('stores percentages as hundredths', () => {
    expect(hundredthsOfPercent(12.5)).toBe(1250);
    expect(percentOfHundredths(1250)).toBe(12.5);
  });
});

describe('the engine with a net price', () => {
  it('gives a line the net price when it beats every percentage, and credits no coupon with it', () => {
    const r = applyRules(
      [engineLine({ unit_price: 100, quantity: 2, net_unit_price: 70 })],
      [couponRule({ code: 'TEN', percentage_discount: 10 })],
      {
        customerDiscounts: { A: 20 },
      },
    );
    expect(r.lineDiscounts).toEqual([60]);
    expect(r.coupons[0].all_affected_items).toEqual([]);
  });

  it('gives the best percentage when it beats the net price — never both', () => {
    const r = applyRules(
      [engineLine({ unit_price: 100, quantity: 1, net_unit_price: 90 })],
      [couponRule({ code: 'Q', percentage_discount: 25 })],
    );
    expect(r.lineDiscounts).toEqual([25]);
    expect(r.coupons[0].all_affected_items).toEqual([1]);
  });

  it('the discount is the largest single one, never more (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 12_000 }),
        (price, q, coupon, own, net) => {
          const r = applyRules(
            [engineLine({ unit_price: price, quantity: q, net_unit_price: net })],
            [couponRule({ percentage_discount: coupon })],
            {
              customerDiscounts: { A: own },
            },
          );
          const single = Math.max((price * q * Math.max(coupon, own)) / 100, Math.max(0, (price - net) * q));
          expect(r.lineDiscounts[0]).toBeCloseTo(single, 6);
        },
      ),
    );
  });
});

describe('priceCart with company terms', () => {
  const products = new Map([
    ['P1', product()],
    ['P2', product({ product_id: 2, sku: 'P2', discount_category: 'B' })],
  ]);
  const items = [
    { sku: 'P1', quantity: 2 },
    { sku: 'P2', quantity: 1 },
  ];

  it('prices a price-list line at its net price and a category line at the company percent', () => {
    const r = priceCart(items, products, [], { customerDiscounts: { B: 15 }, netPrices: new Map([['P1', 82.5]]) });
    expect(r.items.map((l) => l.price)).toEqual([82.5, 85]);
    expect(r.items.map((l) => l.ordinary_price)).toEqual([100, 100]);
  });

  it('a higher percentage wins over a worse net price', () => {
    const r = priceCart(items, products, [], { customerDiscounts: { A: 30 }, netPrices: new Map([['P1', 82.5]]) });
    expect(r.items[0].price).toBe(70);
  });

  it('without terms nothing changes', () => {
    expect(priceCart(items, products, []).items.map((l) => l.price)).toEqual([100, 100]);
  });
});
