/**
 * Coupon stacking against the real server (docs/adr/0011-coupon-stacking.md): of the 11 demo codes entered
 * at once only an allowed combination applies — the one that saves the most — the others are answered
 * not_combinable with the codes that replaced them, and the checkout charges what the cart showed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '#tests/support/http.ts';
import { api, openTestDb, productsOf, type TestProduct } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { couponSchema, type Coupon } from '#lib/api/coupon-contracts.ts';
import { cartLineItemSchema, type CartLineItem } from '#lib/api/cart-contracts.ts';
import { checkoutViewSchema } from '#lib/api/checkout-contracts.ts';
import { multiplyMinor, toMinorUnits } from '#lib/pricing/minor-units.ts';

/** Every code README.md#demo-coupons lists that a shopper enters (AUTO-D40 is automatic). */
const DEMO_CODES = [
  'SAVE10',
  'GROUP20',
  'NOTGROUP15',
  'CATB25',
  'FIXED5',
  'FULLPRICE10',
  'BIGSPENDER',
  'B2G1',
  'BUNDLE50',
  'GIFT3',
  'CUSTOMERDISCOUNT',
];
/** The one pair of demo codes whose rows are both combinable (an order code and a gift code). */
const COMBINABLE_PAIR = ['GIFT3', 'SAVE10'];

let h: DbHandle;
let cart: { sku: string; quantity: number }[];
beforeAll(async () => {
  h = openTestDb();
  const sv = await productsOf(h, 'sv');
  // Products A and B of the demo coupons (BUNDLE50 / GIFT3: buy A, B discounted), two of A so B2G1 can apply too.
  const row = await h.db
    .selectFrom('coupons')
    .select(['buy_products', 'get_products'])
    .where('code', '=', 'GIFT3')
    .where('locale', '=', 'sv')
    .executeTakeFirstOrThrow();
  const byId = (id: number) => sv.find((p) => p.id === id) as TestProduct;
  const a = byId((JSON.parse(row.buy_products) as number[])[0]);
  const b = byId((JSON.parse(row.get_products) as number[])[0]);
  cart = [
    { sku: a.sku, quantity: 2 },
    { sku: b.sku, quantity: 1 },
  ];
});
afterAll(async () => {
  await h.db.destroy();
});

const syncCoupons = async (codes: string[]) => {
  const r = await postJson(api('/api/sync-coupons'), { coupons: codes, cart_contents: cart, ignoreCache: true });
  expect(r.status, r.body).toBe(200);
  return couponSchema.array().parse(r.json());
};
const syncCart = async (codes: string[]) => {
  const r = await postJson(api('/api/sync-cart'), { items: cart, coupons: codes });
  expect(r.status, r.body).toBe(200);
  return cartLineItemSchema.array().parse(r.json());
};
const totalMinor = (lines: CartLineItem[]) => lines.reduce((s, l) => s + multiplyMinor(toMinorUnits(l.price), l.quantity), 0);
const entered = (coupons: Coupon[]) => coupons.filter((c) => c.applied && DEMO_CODES.includes(c.code)).map((c) => c.code);

describe('coupon stacking: the 11 demo codes at once', () => {
  it('applies one allowed combination, the best one, and answers the others not_combinable with their replacement', async () => {
    const all = await syncCoupons(DEMO_CODES);
    expect(all.map((c) => c.code).slice(0, DEMO_CODES.length)).toEqual(DEMO_CODES);
    const kept = entered(all).sort();
    // One code, or the one pair whose rows both allow combining.
    expect(kept.length === 1 || kept.join() === COMBINABLE_PAIR.join()).toBe(true);

    // What each code does on its own, and what every allowed combination leaves to pay.
    const alone = new Map<string, Coupon>();
    const totals = new Map<string, number>();
    for (const code of DEMO_CODES) {
      alone.set(code, (await syncCoupons([code]))[0]);
      totals.set(code, totalMinor(await syncCart([code])));
    }
    totals.set(COMBINABLE_PAIR.join(), totalMinor(await syncCart(COMBINABLE_PAIR)));
    const applyAlone = DEMO_CODES.filter((c) => alone.get(c)!.applied);
    expect(applyAlone.length).toBeGreaterThan(3); // the cart really offers a choice

    for (const c of all.filter((x) => DEMO_CODES.includes(x.code) && !x.applied)) {
      if (alone.get(c.code)!.applied) {
        expect(c, c.code).toMatchObject({ reason: 'not_combinable', vat_amount: 0, all_affected_items: [] });
        expect(c.replaced_by.length, c.code).toBeGreaterThan(0);
        for (const by of c.replaced_by) expect(all.find((x) => x.code === by)?.applied, `${c.code} → ${by}`).toBe(true);
      } else {
        // a code that would not apply on its own keeps its own answer (unknown, minimum spend, no matching line)
        expect(c, c.code).toMatchObject({ reason: null, replaced_by: [], failed_minimum_spend: alone.get(c.code)!.failed_minimum_spend });
      }
    }
    // CUSTOMERDISCOUNT is refused for an anonymous cart; BIGSPENDER's minimum is not reached.
    expect(all.find((c) => c.code === 'CUSTOMERDISCOUNT')).toMatchObject({ applied: false, reason: null });
    expect(all.find((c) => c.code === 'BIGSPENDER')).toMatchObject({ applied: false, failed_minimum_spend: true, reason: null });

    // The cart's total with all 11 is exactly that of the kept codes alone, and no allowed combination is cheaper.
    const withAll = totalMinor(await syncCart(DEMO_CODES));
    expect(withAll).toBe(totals.get(kept.join()) ?? totalMinor(await syncCart(kept)));
    for (const [what, t] of totals) expect(withAll, what).toBeLessThanOrEqual(t);
    const undiscounted = totalMinor(await syncCart([]));
    expect(withAll).toBeLessThan(undiscounted);
  });

  it('does not depend on the order the codes were entered in', async () => {
    const forward = await syncCoupons(DEMO_CODES);
    const backward = await syncCoupons([...DEMO_CODES].reverse());
    const answer = (cs: Coupon[]) => Object.fromEntries(cs.map((c) => [c.code, [c.applied, c.reason, c.replaced_by]]));
    expect(answer(backward)).toEqual(answer(forward));
    expect(totalMinor(await syncCart([...DEMO_CODES].reverse()))).toBe(totalMinor(await syncCart(DEMO_CODES)));
  });

  it('two combinable codes (SAVE10 with GIFT3) both apply; two order-level codes never do', async () => {
    const pair = await syncCoupons(['SAVE10', 'GIFT3']);
    expect(pair.slice(0, 2).map((c) => [c.code, c.applied, c.reason])).toEqual([
      ['SAVE10', true, null],
      ['GIFT3', true, null],
    ]);
    const [save, fixed] = await syncCoupons(['SAVE10', 'FIXED5']);
    expect([save.applied, fixed.applied].filter(Boolean)).toHaveLength(1);
    const loser = save.applied ? fixed : save;
    expect(loser).toMatchObject({ applied: false, reason: 'not_combinable', replaced_by: [save.applied ? 'SAVE10' : 'FIXED5'] });
  });

  it('the checkout applies the same codes and charges what the cart showed', async () => {
    const r = await postJson(api('/api/checkout'), { items: cart, coupons: DEMO_CODES });
    expect(r.status, r.body).toBe(200);
    const view = checkoutViewSchema.parse(r.json());
    expect(entered(view.coupons).sort()).toEqual(entered(await syncCoupons(DEMO_CODES)).sort());
    const lines = await syncCart(DEMO_CODES);
    expect(view.totals.goods_minor - view.totals.discount_minor).toBe(totalMinor(lines));
    expect(view.totals.discount_minor).toBe(totalMinor(await syncCart([])) - totalMinor(lines));
  });
});
