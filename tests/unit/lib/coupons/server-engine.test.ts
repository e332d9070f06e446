import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyRules } from '#lib/coupons/server-engine.ts';
import type { CouponRule, EngineLine } from '#lib/coupons/types.ts';
import { ids, ruleArb } from '#tests/unit/fixtures/arbitraries.ts';
import { couponRule, engineLine } from '#tests/unit/fixtures/coupon-rule.ts';

const rule = (over: Partial<CouponRule>): CouponRule => couponRule(over);
const line = engineLine;

describe('coupon engine: percentages', () => {
  it('applies a global percentage to every line and reports the VAT in it', () => {
    const r = applyRules(
      [line({}), line({ product_id: 2, unit_price: 50, quantity: 2 })],
      [rule({ code: 'SAVE10', percentage_discount: 10 })],
    );
    expect(r.lineDiscounts).toEqual([10, 10]);
    expect(r.coupons[0]).toMatchObject({
      applied: true,
      all_affected_items: [1, 2],
      vat_rate: 25,
      vat_amount: 4,
      discount_type_percentage: true,
    });
  });

  it('takes the highest of global, group, excluded-group, category and customer discounts — never the sum', () => {
    const rules = [
      rule({ code: 'GLOBAL', percentage_discount: 5 }),
      rule({ code: 'GROUP', percentage_discount: 20, specific_groups: [1] }),
      rule({ code: 'EXCL', percentage_discount: 15, excluded_groups: [1] }),
      rule({ code: 'CAT', percentage_discount: 12, specific_discount_categories: ['B'] }),
    ];
    const lines = [
      line({ product_id: 1, group_id: 1 }),
      line({ product_id: 2, group_id: 2 }),
      line({ product_id: 3, group_id: 2, discount_category: 'B' }),
      line({ product_id: 4, group_id: 3, discount_category: 'C' }),
    ];
    const r = applyRules(lines, rules, { customerDiscounts: { C: 30 } });
    expect(r.lineDiscounts).toEqual([20, 15, 15, 30]);
    const by = Object.fromEntries(r.coupons.map((c) => [c.code, c]));
    expect(by.GROUP.all_affected_items).toEqual([1]);
    expect(by.EXCL.all_affected_items).toEqual([2, 3]);
    expect(by.GLOBAL.applied).toBe(true); // valid and matching, just not the highest anywhere
    expect(by.GLOBAL.all_affected_items).toEqual([]);
  });

  it('a group-only coupon with no matching line is not applied', () => {
    const r = applyRules([line({ group_id: 9 })], [rule({ percentage_discount: 20, specific_groups: [1] })]);
    expect(r.coupons[0].applied).toBe(false);
    expect(r.lineDiscounts).toEqual([0]);
  });
});

describe('coupon engine: minimum spend and fixed amounts', () => {
  it('fails a coupon below its minimum spend with failed_minimum_spend', () => {
    const r = applyRules([line({ unit_price: 99 })], [rule({ percentage_discount: 15, minimum_spend: 100 })]);
    expect(r.coupons[0]).toMatchObject({ applied: false, failed_minimum_spend: true });
    expect(r.lineDiscounts).toEqual([0]);
    const ok = applyRules([line({ unit_price: 100 })], [rule({ percentage_discount: 15, minimum_spend: 100 })]);
    expect(ok.coupons[0]).toMatchObject({ applied: true, failed_minimum_spend: false });
  });

  it('spreads a fixed amount over lines in proportion, capped at the cart', () => {
    const r = applyRules(
      [line({ unit_price: 30 }), line({ product_id: 2, unit_price: 10 })],
      [rule({ discount_type_value: 2, fixed_amount: 20 })],
    );
    expect(r.lineDiscounts).toEqual([15, 5]);
    const big = applyRules([line({ unit_price: 30 })], [rule({ discount_type_value: 2, fixed_amount: 500 })]);
    expect(big.lineDiscounts).toEqual([30]);
    expect(big.coupons[0]).toMatchObject({ fixed_amount: 500, discount_type_percentage: false, vat_amount: 6 });
  });

  it('discount_type_value 3 takes the amount only off full-price (non-campaign) lines', () => {
    const r = applyRules(
      [line({ unit_price: 40, campaign: true }), line({ product_id: 2, unit_price: 60 })],
      [rule({ discount_type_value: 3, fixed_amount: 10 })],
    );
    expect(r.lineDiscounts).toEqual([0, 10]);
    const none = applyRules([line({ campaign: true })], [rule({ discount_type_value: 3, fixed_amount: 10 })]);
    expect(none.coupons[0].applied).toBe(false);
  });

  it('CUSTOMERDISCOUNT carries a fixed amount taken after percentages', () => {
    const r = applyRules(
      [line({ unit_price: 100 })],
      [rule({ code: 'CUSTOMERDISCOUNT', discount_type_value: 2, fixed_amount: 25 }), rule({ code: 'P', percentage_discount: 10 })],
    );
    expect(r.lineDiscounts).toEqual([35]);
    expect(r.coupons[0]).toMatchObject({ code: 'CUSTOMERDISCOUNT', fixed_amount: 25, applied: true });
  });
});

describe('coupon engine: buy X get Y', () => {
  const b2g1 = rule({ code: 'B2G1', buy_x: 2, get_y: 1, percentage_discount: 100, buy_categories: [10], get_categories: [10] });

  it('gives the cheapest unit free per complete set when buy and get overlap', () => {
    const r = applyRules([line({ unit_price: 100, quantity: 2 }), line({ product_id: 2, unit_price: 40 })], [b2g1]);
    expect(r.lineDiscounts).toEqual([0, 40]);
    expect(r.coupons[0]).toMatchObject({ applied: true, all_affected_items: [2], buy_x: 2, get_y: 1 });
  });

  it('is not applied when the set is incomplete', () => {
    const r = applyRules([line({ quantity: 2 })], [b2g1]);
    expect(r.coupons[0].applied).toBe(false);
    expect(r.lineDiscounts).toEqual([0]);
  });

  it('buy products → get products at a percentage, or a fixed buyx_free_amount per unit', () => {
    const lines = [line({ product_id: 1, unit_price: 100 }), line({ product_id: 2, unit_price: 80, quantity: 3 })];
    const half = applyRules(lines, [rule({ buy_x: 1, get_y: 1, percentage_discount: 50, buy_products: [1], get_products: [2] })]);
    expect(half.lineDiscounts).toEqual([0, 40]);
    const amount = applyRules(lines, [rule({ buy_x: 1, get_y: 1, buyx_free_amount: 30, buy_products: [1], get_products: [2] })]);
    expect(amount.lineDiscounts).toEqual([0, 30]);
  });

  it('buy and get groups', () => {
    const r = applyRules(
      [line({ group_id: 7, quantity: 2 }), line({ product_id: 2, group_id: 8, unit_price: 20, quantity: 5 })],
      [rule({ buy_x: 1, get_y: 1, percentage_discount: 100, buy_groups: [7], get_groups: [8] })],
    );
    expect(r.lineDiscounts).toEqual([0, 40]); // 2 sets → 2 free units of 20
  });
});

// Property-based invariants (fast-check).

const lineArb: fc.Arbitrary<EngineLine> = fc.record({
  product_id: fc.integer({ min: 1, max: 6 }),
  quantity: fc.integer({ min: 1, max: 5000 }),
  unit_price: fc.double({ min: 0, max: 10_000, noNaN: true }),
  campaign: fc.boolean(),
  vat: fc.constantFrom(25, 25.5, 21, 12),
  categories: ids,
  group_id: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  discount_category: fc.option(fc.constantFrom('A', 'B', 'C'), { nil: null }),
});

describe('coupon invariants', () => {
  it('a coupon never makes a line negative and never discounts more than the line', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), fc.array(ruleArb, { maxLength: 5 }), (lines, rules) => {
        const r = applyRules(lines, rules, { customerDiscounts: { A: 50 } });
        r.lineDiscounts.forEach((d, i) => {
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(lines[i].unit_price * lines[i].quantity + 1e-6);
        });
        for (const c of r.coupons) expect(c.vat_amount).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('the percentage discount on a line is the highest single one, never a sum', () => {
    fc.assert(
      fc.property(lineArb, fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1, maxLength: 5 }), (l, percents) => {
        const rules = percents.map((p, i) => ({ ...ruleBase, code: `P${i}`, percentage_discount: p }));
        const r = applyRules([l], rules);
        expect(r.lineDiscounts[0]).toBeCloseTo((l.unit_price * l.quantity * Math.max(...percents)) / 100, 6);
      }),
    );
  });
});

const ruleBase: CouponRule = couponRule({ code: 'X' });
