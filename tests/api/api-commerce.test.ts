/** POST /api/sync-cart and /api/sync-coupons against the real server: the server prices, caps and discounts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '#tests/support/http.ts';
import { api, openTestDb, productsOf, type TestProduct } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { unitPrice, ordinaryUnitPrice } from '#lib/pricing/tiers.ts';
import { cartLineItemSchema } from '#lib/api/cart-contracts.ts';
import { couponSchema } from '#lib/api/coupon-contracts.ts';
import { roundTo } from '#lib/pricing/vat.ts';

let h: DbHandle;
let sv: TestProduct[];
let fi: TestProduct[];
beforeAll(async () => {
  h = openTestDb();
  sv = await productsOf(h, 'sv');
  fi = await productsOf(h, 'fi');
});
afterAll(async () => {
  await h.db.destroy();
});

// Products outside the automatic discount (group 40) so a line's price is exactly its tier price.
const plain = (p: TestProduct) => p.orderable === 1 && p.group_id !== 40;
const cartKeys = Object.keys(cartLineItemSchema.shape).sort();
const couponKeys = Object.keys(couponSchema.shape).sort();

describe('POST /api/sync-cart', () => {
  it('re-prices every line from the server tier for its quantity and ignores client prices', async () => {
    const tiered = sv.filter((p) => plain(p) && p.prices.n.length === 3 && p.stock_status !== 'in-stock').slice(0, 3);
    expect(tiered.length).toBeGreaterThan(0);
    const items = tiered.flatMap((p) =>
      [1, 5, 12].map((quantity) => ({ sku: p.sku, quantity, price: 0.01, ordinary_price: 0.01, pricing: [{ q: 1, p: 0.01 }] })),
    );
    const r = await postJson(api('/api/sync-cart'), { items, coupons: [] });
    expect(r.status).toBe(200);
    const lines = r.json<any[]>();
    expect(lines).toHaveLength(items.length);
    lines.forEach((line, i) => {
      const p = tiered[Math.floor(i / 3)];
      expect(Object.keys(line).sort()).toEqual(cartKeys);
      expect(line.price).toBe(unitPrice(p.prices, items[i].quantity));
      expect(line.ordinary_price).toBe(ordinaryUnitPrice(p.prices, items[i].quantity));
      expect(line.pricing).toEqual(p.prices.n);
      expect(line.adjusted_quantity).toBeNull();
    });
    expect(lines[2].price).toBeLessThan(lines[0].price); // 12 units pay the q10 tier
  });

  it('prices in the storefront currency of the locale', async () => {
    const p = fi.find(plain)!;
    const r = await postJson(api('/api/sync-cart', 'fi'), { items: [{ sku: p.sku, quantity: 1 }] });
    expect(r.json()[0].price).toBe(unitPrice(p.prices, 1));
    expect(r.json()[0].price).not.toBe(unitPrice(sv.find((x) => x.id === p.id)!.prices, 1));
  });

  it('caps quantities to 5000 and to in-stock stock, setting adjusted_quantity and a notice', async () => {
    const backorder = sv.find((p) => plain(p) && p.stock_status === 'back-order-quick')!;
    const inStock = sv.find((p) => plain(p) && p.stock_status === 'in-stock' && p.stock_quantity > 0)!;
    const r = await postJson(api('/api/sync-cart'), {
      items: [
        { sku: backorder.sku, quantity: 999_999 },
        { sku: inStock.sku, quantity: inStock.stock_quantity + 10 },
      ],
    });
    const [a, b] = r.json<any[]>();
    expect(a).toMatchObject({ quantity: 5000, adjusted_quantity: 5000, cart_notice: 'cart.notice.quantity_limited' });
    expect(b).toMatchObject({
      quantity: inStock.stock_quantity,
      adjusted_quantity: inStock.stock_quantity,
      cart_notice: 'cart.notice.stock_limited',
    });
  });

  it('caps stock per product across all its lines: earlier lines keep theirs, later ones are reduced or emptied', async () => {
    const inStock = sv.find((p) => plain(p) && p.stock_status === 'in-stock' && p.stock_quantity >= 2 && p.stock_quantity <= 1000)!;
    const other = sv.find((p) => plain(p) && p.stock_status === 'back-order-quick')!;
    const stock = inStock.stock_quantity;
    const r = await postJson(api('/api/sync-cart'), {
      items: [
        { sku: inStock.sku, quantity: stock - 1, uuid: 'first' },
        { sku: other.sku, quantity: 2, uuid: 'other' },
        { sku: inStock.sku, quantity: 5, uuid: 'second' },
        { sku: inStock.sku, quantity: 1, uuid: 'third' },
      ],
    });
    expect(r.status).toBe(200);
    const lines = r.json<any[]>();
    expect(lines.map((l) => [l.uuid, l.quantity, l.adjusted_quantity, l.cart_notice])).toEqual([
      ['first', stock - 1, null, null],
      ['other', 2, null, null],
      ['second', 1, 1, 'cart.notice.stock_limited'],
      ['third', 0, 0, 'cart.notice.stock_limited'],
    ]);
    // what the mini cart counts of the product is never more than its stock
    expect(lines.filter((l) => l.sku === inStock.sku).reduce((n, l) => n + l.quantity, 0)).toBe(stock);
  });

  it('answers unknown skus and unorderable products as quantity-0 lines with a notice', async () => {
    const gone = sv.find((p) => p.orderable === 0)!;
    const r = await postJson(api('/api/sync-cart'), {
      items: [
        { sku: 'NO-SUCH-SKU', quantity: 2, uuid: 'u-1' },
        { sku: gone.sku, quantity: 1 },
      ],
    });
    expect(r.status).toBe(200);
    const [unknown, unorderable] = r.json<any[]>();
    expect(unknown).toMatchObject({
      uuid: 'u-1',
      sku: 'NO-SUCH-SKU',
      quantity: 0,
      adjusted_quantity: 0,
      cart_notice: 'cart.notice.unknown_product',
    });
    expect(unorderable).toMatchObject({ sku: gone.sku, quantity: 0, cart_notice: 'cart.notice.not_orderable' });
  });

  it('applies coupons to line prices', async () => {
    const p = sv.find((x) => plain(x) && x.stock_status !== 'in-stock')!;
    const r = await postJson(api('/api/sync-cart'), { items: [{ sku: p.sku, quantity: 2 }], coupons: [{ code: 'save10' }] });
    expect(r.json()[0].price).toBe(roundTo(unitPrice(p.prices, 2) * 0.9, 2));
  });

  it('sets x-be-internal: 1 only for a request carrying the configured internal token', async () => {
    const p = sv.find(plain)!;
    const body = { items: [{ sku: p.sku, quantity: 1 }], checkout_order_id: 'order-1' }; // the atc preload form
    const normal = await postJson(api('/api/sync-cart'), body);
    expect(normal.status).toBe(200);
    expect(normal.headers['x-be-internal']).toBeUndefined();
    const wrong = await postJson(api('/api/sync-cart'), body, { 'x-partsfront-internal': 'guess' });
    expect(wrong.headers['x-be-internal']).toBeUndefined();
    const internal = await postJson(api('/api/sync-cart'), body, { 'x-partsfront-internal': 'api-suite-internal-token' });
    expect(internal.headers['x-be-internal']).toBe('1');
  });
});

describe('POST /api/sync-coupons', () => {
  const cartOf = (qty: number) => [{ sku: sv.find((x) => plain(x) && x.stock_status !== 'in-stock')!.sku, quantity: qty }];

  it('answers every held code, unknown ones not applied, with the documented coupon fields', async () => {
    const r = await postJson(api('/api/sync-coupons'), { coupons: ['SAVE10', 'NOPE-123'], cart_contents: cartOf(1), ignoreCache: true });
    expect(r.status).toBe(200);
    const [save, nope] = r.json<any[]>();
    expect(Object.keys(save).sort()).toEqual(couponKeys);
    expect(save).toMatchObject({ code: 'SAVE10', applied: true, percentage_discount: 10, discount_type_percentage: true, vat_rate: 25 });
    expect(save.vat_amount).toBeGreaterThan(0);
    expect(nope).toMatchObject({ code: 'NOPE-123', applied: false });
  });

  it('flags a minimum spend that is not reached, and accepts it once reached', async () => {
    const small = await postJson(api('/api/sync-coupons'), { coupons: ['BIGSPENDER'], cart_contents: cartOf(1), ignoreCache: true });
    expect(small.json()[0]).toMatchObject({ applied: false, failed_minimum_spend: true });
    const big = await postJson(api('/api/sync-coupons'), { coupons: ['BIGSPENDER'], cart_contents: cartOf(2000), ignoreCache: true });
    expect(big.json()[0]).toMatchObject({ applied: true, failed_minimum_spend: false });
  });

  it('does not grant CUSTOMERDISCOUNT to an anonymous cart', async () => {
    const r = await postJson(api('/api/sync-coupons'), { coupons: ['CUSTOMERDISCOUNT'], cart_contents: cartOf(3), ignoreCache: true });
    expect(r.json()[0]).toMatchObject({ code: 'CUSTOMERDISCOUNT', applied: false });
  });

  it('applies buy-X-get-Y when the set is complete and reports the affected items', async () => {
    const row = await h.db
      .selectFrom('coupons')
      .select(['buy_products', 'get_products'])
      .where('code', '=', 'BUNDLE50')
      .where('locale', '=', 'sv')
      .executeTakeFirstOrThrow();
    const [buyId] = JSON.parse(row.buy_products) as number[];
    const [getId] = JSON.parse(row.get_products) as number[];
    const buy = sv.find((p) => p.id === buyId)!;
    const get = sv.find((p) => p.id === getId)!;
    const only = await postJson(api('/api/sync-coupons'), {
      coupons: ['BUNDLE50'],
      cart_contents: [{ sku: get.sku, quantity: 1 }],
      ignoreCache: true,
    });
    expect(only.json()[0].applied).toBe(false);
    const both = await postJson(api('/api/sync-coupons'), {
      coupons: ['BUNDLE50'],
      cart_contents: [
        { sku: buy.sku, quantity: 1 },
        { sku: get.sku, quantity: 1 },
      ],
      ignoreCache: true,
    });
    expect(both.json()[0]).toMatchObject({ applied: true, all_affected_items: [getId], buy_x: 1, get_y: 1 });
  });

  it('caches the answer for the same codes and cart unless ignoreCache is set', async () => {
    const body = { coupons: ['FIXED5'], cart_contents: cartOf(4) };
    const first = await postJson(api('/api/sync-coupons'), { ...body, ignoreCache: true });
    expect(first.headers['x-cache']).toBe('MISS');
    const again = await postJson(api('/api/sync-coupons'), body);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.json()).toEqual(first.json());
    expect((await postJson(api('/api/sync-coupons'), { ...body, ignoreCache: true })).headers['x-cache']).toBe('MISS');
  });
});
