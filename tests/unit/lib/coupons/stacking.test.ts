import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyCoupons, applyRules } from '#lib/coupons/server-engine.ts';
import { allowedTogether, stackClass } from '#lib/coupons/stacking.ts';
import type { CouponRule, EngineLine } from '#lib/coupons/types.ts';
import { ruleArb } from '#tests/unit/fixtures/arbitraries.ts';
import { couponRule, engineLine } from '#tests/unit/fixtures/coupon-rule.ts';

const rule = (over: Partial<CouponRule>): CouponRule => couponRule(over);
const line = engineLine;
const saved = (r: { lineDiscounts: number[] }) => r.lineDiscounts.reduce((a, b) => a + b, 0);
const byCode = (r: ReturnType<typeof applyCoupons>, code: string) => r.coupons.find((c) => c.code === code)!;

// The demo codes' kinds (README.md#demo-coupons) on a cart of product 1 (group 1, category A) and product 2.
const demo = [
  rule({ code: 'SAVE10', percentage_discount: 10, combinable: true, with_automatic: true }),
  rule({ code: 'GROUP20', percentage_discount: 20, specific_groups: [1] }),
  rule({ code: 'NOTGROUP15', percentage_discount: 15, excluded_groups: [1] }),
  rule({ code: 'CATB25', percentage_discount: 25, specific_discount_categories: ['B'] }),
  rule({ code: 'FIXED5', discount_type_value: 2, fixed_amount: 5, minimum_spend: 20 }),
  rule({ code: 'FULLPRICE10', discount_type_value: 3, fixed_amount: 10 }),
  rule({ code: 'BIGSPENDER', percentage_discount: 15, minimum_spend: 500 }),
  rule({ code: 'B2G1', buy_x: 2, get_y: 1, percentage_discount: 100, buy_categories: [10], get_categories: [10] }),
  rule({ code: 'BUNDLE50', buy_x: 1, get_y: 1, percentage_discount: 50, buy_products: [1], get_products: [2] }),
  rule({
    code: 'GIFT3',
    buy_x: 1,
    get_y: 1,
    buyx_free_amount: 3,
    buy_products: [1],
    get_products: [2],
    combinable: true,
    with_automatic: true,
  }),
  rule({ code: 'AUTO', automatic: true, percentage_discount: 5, specific_groups: [2] }),
];
const demoCart = [line({ quantity: 2 }), line({ product_id: 2, unit_price: 40, group_id: 2, discount_category: 'B', categories: [20] })];

describe('coupon stacking: which entered codes combine', () => {
  it('classes: buy-X-get-Y is a gift code, every other kind an order-level code', () => {
    expect(stackClass(rule({ buy_x: 2, get_y: 1 }))).toBe('gift');
    expect(stackClass(rule({ discount_type_value: 2 }))).toBe('order');
    expect(allowedTogether([rule({ combinable: true }), rule({ combinable: true })])).toBe(false); // two order codes
    expect(allowedTogether([rule({ combinable: true }), rule({ buy_x: 1, get_y: 1, combinable: true })])).toBe(true);
    expect(allowedTogether([rule({ combinable: true }), rule({ buy_x: 1, get_y: 1 })])).toBe(false); // both must allow it
  });

  it('of all the demo codes entered at once, only the best allowed combination applies; the others say why', () => {
    const r = applyCoupons(demoCart, demo);
    const applied = r.coupons.filter((c) => c.applied && c.code !== 'AUTO').map((c) => c.code);
    // GROUP20 on product 1 (40) beats SAVE10 + GIFT3 (10 % of 240 = 24, plus 3) and CATB25 (25 % of 40 = 10).
    expect(applied).toEqual(['GROUP20']);
    expect(saved(r)).toBeCloseTo(40, 6);
    for (const code of ['SAVE10', 'NOTGROUP15', 'CATB25', 'FIXED5', 'FULLPRICE10', 'BUNDLE50', 'GIFT3']) {
      expect(byCode(r, code)).toMatchObject({ applied: false, reason: 'not_combinable', vat_amount: 0, all_affected_items: [] });
    }
    expect(byCode(r, 'CATB25').replaced_by).toEqual(['GROUP20']);
    // A gift code loses to the order code only because their rows do not both allow combining.
    expect(byCode(r, 'BUNDLE50').replaced_by).toEqual(['GROUP20']);
    // Codes that would not apply on their own keep their own answer.
    expect(byCode(r, 'BIGSPENDER')).toMatchObject({ applied: false, failed_minimum_spend: true, reason: null, replaced_by: [] });
    expect(byCode(r, 'B2G1')).toMatchObject({ applied: false, reason: null });
    // GROUP20 does not allow the automatic discount, which would only have added 2.
    expect(byCode(r, 'AUTO').applied).toBe(false);
  });

  it('a combinable order code and a combinable gift code apply together, with the automatic discounts they allow', () => {
    const r = applyCoupons(demoCart, [demo[0], demo[9], demo[10]]);
    expect(r.coupons.map((c) => [c.code, c.applied])).toEqual([
      ['SAVE10', true],
      ['GIFT3', true],
      ['AUTO', true],
    ]);
    // 10 % of product 1 (2 × 100) and of product 2 (40; AUTO's 5 % is lower), then 3 off the "get" unit.
    expect(saved(r)).toBeCloseTo(20 + 4 + 3, 6);
  });

  it('a code that does not allow the automatic discounts applies only when it beats them', () => {
    const auto = rule({ code: 'AUTO', automatic: true, discount_type_value: 2, fixed_amount: 30 });
    const small = rule({ code: 'TEN', discount_type_value: 2, fixed_amount: 10 });
    const lost = applyCoupons([line()], [small, auto]);
    expect(byCode(lost, 'TEN')).toMatchObject({ applied: false, reason: 'not_combinable', replaced_by: ['AUTO'] });
    expect(saved(lost)).toBeCloseTo(30, 6);
    const big = rule({ code: 'FIFTY', discount_type_value: 2, fixed_amount: 50 });
    const won = applyCoupons([line()], [big, auto]);
    expect(byCode(won, 'FIFTY').applied).toBe(true);
    expect(byCode(won, 'AUTO').applied).toBe(false);
    expect(saved(won)).toBeCloseTo(50, 6);
  });

  it('equal savings: the alphabetically first code wins, whatever the order of entry', () => {
    const a = rule({ code: 'AAA', discount_type_value: 2, fixed_amount: 10 });
    const b = rule({ code: 'BBB', percentage_discount: 10 });
    for (const rules of [
      [a, b],
      [b, a],
    ]) {
      const r = applyCoupons([line()], rules);
      expect(byCode(r, 'AAA').applied).toBe(true);
      expect(byCode(r, 'BBB')).toMatchObject({ applied: false, reason: 'not_combinable', replaced_by: ['AAA'] });
    }
  });

  it("CUSTOMERDISCOUNT competes as an order-level code; the customer's own percentages always count in the line maximum", () => {
    const customer = rule({ code: 'CUSTOMERDISCOUNT', discount_type_value: 2, fixed_amount: 100 });
    const r = applyCoupons(demoCart, [demo[0], customer], { customerDiscounts: { A: 12 } });
    // CUSTOMERDISCOUNT: 12 % of product 1 (personal) + 100 off the rest = 24 + 100; SAVE10: 10 % is below 12 % there.
    expect(byCode(r, 'CUSTOMERDISCOUNT').applied).toBe(true);
    expect(byCode(r, 'SAVE10')).toMatchObject({ applied: false, reason: 'not_combinable', replaced_by: ['CUSTOMERDISCOUNT'] });
    expect(saved(r)).toBeCloseTo(124, 6);
    const alone = applyCoupons(demoCart, [demo[0]], { customerDiscounts: { A: 12 } });
    expect(saved(alone)).toBeCloseTo(24 + 4, 6); // personal 12 % on product 1, SAVE10's 10 % on product 2
  });

  it('with no code entered the automatic discounts apply as before', () => {
    const r = applyCoupons(demoCart, [demo[10]]);
    expect(r.coupons[0]).toMatchObject({ code: 'AUTO', applied: true, reason: null });
    expect(saved(r)).toBeCloseTo(2, 6);
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties: the rule written out independently of the implementation, by brute force over every subset.

const lineArb: fc.Arbitrary<EngineLine> = fc.record({
  product_id: fc.integer({ min: 1, max: 4 }),
  quantity: fc.integer({ min: 1, max: 6 }),
  unit_price: fc.integer({ min: 0, max: 50_000 }).map((c) => c / 100),
  campaign: fc.boolean(),
  vat: fc.constantFrom(25, 14, 24),
  categories: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
  group_id: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  discount_category: fc.option(fc.constantFrom('A', 'B', 'C'), { nil: null }),
});
/** Rules with distinct codes (one row per code in the database). */
const rulesArb = fc
  .array(ruleArb, { maxLength: 6 })
  .map((rules) => rules.map((r, i) => ({ ...r, code: `${r.automatic ? 'AUTO' : 'CODE'}-${String.fromCharCode(65 + i)}` })));

function allowed(entered: CouponRule[]): boolean {
  const gifts = entered.filter((r) => r.buy_x > 0 && r.get_y > 0);
  const orders = entered.length - gifts.length;
  if (gifts.length > 1 || orders > 1) return false;
  return entered.length < 2 || entered.every((r) => r.combinable);
}

/** The most any allowed combination saves (in hundredths). */
function bestAllowed(lines: EngineLine[], rules: CouponRule[]): number {
  const entered = rules.filter((r) => !r.automatic);
  let best = 0;
  for (let mask = 0; mask < 1 << entered.length; mask++) {
    const chosen = entered.filter((_, i) => mask & (1 << i));
    if (!allowed(chosen)) continue;
    const auto = chosen.every((r) => r.with_automatic) ? rules.filter((r) => r.automatic) : [];
    best = Math.max(best, Math.round(saved(applyRules(lines, [...auto, ...chosen])) * 100));
  }
  return best;
}

describe('coupon stacking: properties', () => {
  it('the discount given is the best allowed combination — never more — and its codes may be combined', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), rulesArb, (lines, rules) => {
        const r = applyCoupons(lines, rules);
        expect(Math.abs(Math.round(saved(r) * 100) - bestAllowed(lines, rules))).toBeLessThanOrEqual(1);
        const kept = rules.filter((rl, i) => !rl.automatic && r.coupons[i].applied);
        expect(allowed(kept)).toBe(true);
        r.coupons.forEach((c, i) => {
          if (c.reason === 'not_combinable') expect(c.replaced_by.length).toBeGreaterThan(0);
          expect(c.code).toBe(rules[i].code);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('the result does not depend on the order the codes were entered in', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 5 }),
        rulesArb.chain((rules) => fc.tuple(fc.constant(rules), fc.shuffledSubarray(rules, { minLength: rules.length }))),
        (lines, [rules, shuffled]) => {
          const a = applyCoupons(lines, rules);
          const b = applyCoupons(lines, shuffled);
          expect(b.lineDiscounts).toEqual(a.lineDiscounts);
          const answer = (r: typeof a) => Object.fromEntries(r.coupons.map((c) => [c.code, [c.applied, c.reason, c.replaced_by]]));
          expect(answer(b)).toEqual(answer(a));
        },
      ),
      { numRuns: 300 },
    );
  });
});
