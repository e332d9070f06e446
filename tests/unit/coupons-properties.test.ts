/** Property-based invariants of pricing and coupons (fast-check). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyCoupons } from '#lib/coupons/server-engine.ts';
import type { CouponRule, EngineLine } from '#lib/coupons/types.ts';
import { syncCart, type CartProductFacts } from '#lib/cart/server-sync.ts';
import { normalizeTiers, tierFor, unitPrice } from '#lib/pricing/tiers.ts';

const ids = fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 3 });
const ruleArb: fc.Arbitrary<CouponRule> = fc.record({
  code: fc.constantFrom('A', 'B', 'C', 'D'), automatic: fc.boolean(), label: fc.constant(''),
  discount_type_value: fc.constantFrom(1 as const, 2 as const, 3 as const),
  percentage_discount: fc.double({ min: 0, max: 100, noNaN: true }), fixed_amount: fc.double({ min: 0, max: 5000, noNaN: true }),
  minimum_spend: fc.double({ min: 0, max: 2000, noNaN: true }),
  specific_groups: ids, excluded_groups: ids, specific_discount_categories: fc.array(fc.constantFrom('A', 'B', 'C'), { maxLength: 2 }),
  buy_x: fc.integer({ min: 0, max: 3 }), get_y: fc.integer({ min: 0, max: 3 }),
  buy_products: ids, get_products: ids, buy_categories: ids, get_categories: ids, buy_groups: ids, get_groups: ids,
  buyx_free_amount: fc.double({ min: 0, max: 300, noNaN: true }),
});
const lineArb: fc.Arbitrary<EngineLine> = fc.record({
  product_id: fc.integer({ min: 1, max: 6 }), quantity: fc.integer({ min: 1, max: 5000 }), unit_price: fc.double({ min: 0, max: 10_000, noNaN: true }),
  campaign: fc.boolean(), vat: fc.constantFrom(25, 25.5, 21, 12), categories: ids, group_id: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  discount_category: fc.option(fc.constantFrom('A', 'B', 'C'), { nil: null }),
});

describe('coupon invariants', () => {
  it('a coupon never makes a line negative and never discounts more than the line', () => {
    fc.assert(fc.property(fc.array(lineArb, { maxLength: 8 }), fc.array(ruleArb, { maxLength: 5 }), (lines, rules) => {
      const r = applyCoupons(lines, rules, { customerDiscounts: { A: 50 } });
      r.lineDiscounts.forEach((d, i) => {
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(lines[i].unit_price * lines[i].quantity + 1e-6);
      });
      for (const c of r.coupons) expect(c.vat_amount).toBeGreaterThanOrEqual(0);
    }));
  });

  it('the percentage discount on a line is the highest single one, never a sum', () => {
    fc.assert(fc.property(lineArb, fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1, maxLength: 5 }), (l, percents) => {
      const rules = percents.map((p, i) => ({ ...ruleBase, code: `P${i}`, percentage_discount: p }));
      const r = applyCoupons([l], rules);
      expect(r.lineDiscounts[0]).toBeCloseTo((l.unit_price * l.quantity * Math.max(...percents)) / 100, 6);
    }));
  });
});

const ruleBase: CouponRule = {
  code: 'X', automatic: false, label: '', discount_type_value: 1, percentage_discount: 0, fixed_amount: 0, minimum_spend: 0,
  specific_groups: [], excluded_groups: [], specific_discount_categories: [], buy_x: 0, get_y: 0, buy_products: [], get_products: [],
  buy_categories: [], get_categories: [], buy_groups: [], get_groups: [], buyx_free_amount: 0,
};

const tiersArb = fc.array(fc.record({ q: fc.integer({ min: 1, max: 100 }), p: fc.integer({ min: 1, max: 10_000 }) }), { minLength: 1, maxLength: 6 });

describe('tier rules (SPEC §4, §5)', () => {
  it('normalized tiers strictly increase in q and strictly decrease in p', () => {
    fc.assert(fc.property(tiersArb, (tiers) => {
      const n = normalizeTiers(tiers);
      for (let i = 1; i < n.length; i++) {
        expect(n[i].q).toBeGreaterThan(n[i - 1].q);
        expect(n[i].p).toBeLessThan(n[i - 1].p);
      }
    }));
  });

  it('the tier for a quantity is the highest q ≤ quantity, so the unit price never rises with quantity', () => {
    fc.assert(fc.property(tiersArb, fc.integer({ min: 1, max: 5000 }), (tiers, q) => {
      const t = tierFor(tiers, q);
      const n = normalizeTiers(tiers);
      if (t) {
        expect(t.q).toBeLessThanOrEqual(q);
        expect(n.every((x) => x.q > q || x.q <= t.q)).toBe(true);
      }
      expect(unitPrice({ n: tiers }, q + 1)).toBeLessThanOrEqual(unitPrice({ n: tiers }, q));
    }));
  });
});

describe('cart sync invariants', () => {
  const facts = (sku: string, tiers: { q: number; p: number }[], over: Partial<CartProductFacts> = {}): CartProductFacts => ({
    product_id: sku.length, sku, name: sku, slug: sku, type: 1, thumb: null, prices: { n: tiers }, vat: 25, categories: [1],
    group_id: 1, discount_category: 'A', stock_status: 'back-order-quick', stock_quantity: 0, estimated_at: null, orderable: true, ...over,
  });
  const clientLine = fc.record({
    sku: fc.constantFrom('AA', 'BBB', 'CCCC', 'UNKNOWN'), quantity: fc.integer({ min: 0, max: 100_000 }),
    price: fc.double({ noNaN: true }), ordinary_price: fc.double({ noNaN: true }),
    pricing: fc.array(fc.record({ q: fc.integer(), p: fc.double({ noNaN: true }) }), { maxLength: 3 }),
  });

  it('totals never depend on client-sent prices', () => {
    fc.assert(fc.property(tiersArb, tiersArb, fc.array(clientLine, { maxLength: 6 }), fc.array(ruleArb, { maxLength: 3 }), (t1, t2, lines, rules) => {
      const products = new Map([['AA', facts('AA', t1)], ['BBB', facts('BBB', t2)], ['CCCC', facts('CCCC', t1, { orderable: false })]]);
      const honest = lines.map(({ sku, quantity }) => ({ sku, quantity }));
      const a = syncCart(lines, products, rules);
      const b = syncCart(honest, products, rules);
      expect(a.items.map((i) => [i.sku, i.quantity, i.price, i.ordinary_price])).toEqual(b.items.map((i) => [i.sku, i.quantity, i.price, i.ordinary_price]));
    }));
  });

  it('synced quantities stay within 0–5000 and prices are never negative', () => {
    fc.assert(fc.property(tiersArb, fc.array(clientLine, { maxLength: 6 }), fc.array(ruleArb, { maxLength: 3 }), (t, lines, rules) => {
      const products = new Map([['AA', facts('AA', t)], ['BBB', facts('BBB', t, { stock_status: 'in-stock', stock_quantity: 7 })]]);
      for (const item of syncCart(lines, products, rules).items) {
        expect(item.quantity).toBeGreaterThanOrEqual(0);
        expect(item.quantity).toBeLessThanOrEqual(5000);
        expect(item.price).toBeGreaterThanOrEqual(0);
        if (item.sku === 'BBB') expect(item.quantity).toBeLessThanOrEqual(7);
      }
    }));
  });
});
