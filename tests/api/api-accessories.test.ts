/**
 * Upsell bundles through the real server on SQLite and PostgreSQL (docs/product/accessories.md#pricing):
 * POST /api/sync-cart prices a bundle from the stored bundle, drops forged or broken claims, never merges
 * bundle lines, and the checkout charges what the cart showed, keeping the bundle on the order lines.
 */
import { describe, expect, it } from 'vitest';
import { postJson } from '#tests/support/http.ts';
import { api } from './api-support.ts';
import { inStock, openCheckout, place, step, useCheckoutApi } from './checkout-api-fixtures.ts';
import { consumer } from '#tests/support/checkout-customers.ts';
import { cartLineItemSchema, type CartLineItem } from '#lib/api/cart-contracts.ts';
import { bundleUnitPrice } from '#lib/catalogue/accessories-bundles.ts';
import { placeOrderResponseSchema } from '#lib/api/checkout-contracts.ts';
import { multiplyMinor, toMinorUnits } from '#lib/pricing/minor-units.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';

// Bundles whose every line is in stock with room for a few orders: stock never breaks a bundle here.
const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(10)) } });

interface TestBundle {
  id: number;
  discount_percent: number;
  lines: { sku: string; quantity: number; prices: ReturnType<typeof shop.pool>[number]['prices'] }[];
}

/** The stored bundles (as the import wrote them) whose lines are all in this file's product pool. */
async function bundles(): Promise<TestBundle[]> {
  const pool = new Map(shop.pool('sv').map((p) => [p.id, p]));
  const heads = await shop.h.db.selectFrom('upsell_bundles').select(['id', 'discount_percent']).orderBy('id').execute();
  const lines = await shop.h.db.selectFrom('upsell_bundle_lines').selectAll().orderBy('bundle_id').orderBy('position').execute();
  return heads
    .map((b) => ({
      id: b.id,
      discount_percent: b.discount_percent,
      lines: lines.filter((l) => l.bundle_id === b.id).map((l) => ({ id: l.product_id, quantity: l.quantity })),
    }))
    .filter((b) => b.lines.every((l) => pool.has(l.id)))
    .map((b) => ({
      ...b,
      lines: b.lines.map((l) => ({ sku: pool.get(l.id)!.sku, quantity: l.quantity, prices: pool.get(l.id)!.prices })),
    }));
}

const claim = (b: TestBundle, instance: string, over: { id?: number; price?: number } = {}) =>
  b.lines.map((l) => ({
    uuid: `${instance}-${l.sku}`,
    sku: l.sku,
    quantity: l.quantity,
    upselling_bundle_id: over.id ?? b.id,
    unique_bundle_id: instance,
    price: over.price ?? 0.01, // forged prices: never read
  }));
const sync = async (items: object[]) => {
  const r = await postJson(api('/api/sync-cart'), { items, coupons: [] });
  expect(r.status, r.body).toBe(200);
  return r.json<unknown[]>().map((l) => cartLineItemSchema.parse(l));
};
const totalMinor = (lines: CartLineItem[]) => lines.reduce((s, l) => s + multiplyMinor(toMinorUnits(l.price), l.quantity), 0);

describe('POST /api/sync-cart with upsell bundle lines', () => {
  it('prices a complete bundle from the stored bundle and keeps its ids', async () => {
    const [b] = await bundles();
    expect(b, 'the demo catalogue has a bundle in stock').toBeDefined();
    const lines = await sync(claim(b, 'inst-1'));
    expect(lines.map((l) => [l.sku, l.quantity, l.upselling_bundle_id, l.unique_bundle_id])).toEqual(
      b.lines.map((l) => [l.sku, l.quantity, b.id, 'inst-1']),
    );
    lines.forEach((l, i) => {
      expect(l.price).toBe(bundleUnitPrice(b.lines[i].prices, l.quantity, b.discount_percent));
      expect(l.price).toBeLessThan(l.ordinary_price);
    });
  });

  it('ignores a forged bundle id: ordinary lines at ordinary prices, no bundle ids', async () => {
    const [b] = await bundles();
    const lines = await sync(claim(b, 'inst-f', { id: 987654 }));
    lines.forEach((l, i) => {
      expect(l.upselling_bundle_id).toBeNull();
      expect(l.unique_bundle_id).toBeNull();
      expect(l.price).toBe(unitPrice(b.lines[i].prices, l.quantity));
    });
  });

  it('ignores a claim on a real bundle by lines that are not its lines, or at other quantities', async () => {
    const [b, other] = await bundles();
    const stranger = { ...claim(other, 'inst-s')[1], upselling_bundle_id: b.id, unique_bundle_id: 'inst-s' };
    const lines = await sync([claim(b, 'inst-s')[0], stranger]);
    expect(lines.map((l) => l.upselling_bundle_id)).toEqual([null, null]);
    const more = claim(b, 'inst-q').map((l) => ({ ...l, quantity: l.quantity + 1 }));
    const bigger = await sync(more);
    expect(bigger.map((l) => l.upselling_bundle_id)).toEqual([null, null]);
    bigger.forEach((l, i) => expect(l.price).toBe(unitPrice(b.lines[i].prices, l.quantity)));
  });

  it('never merges bundle lines: with the same product added normally and a second instance, every line stays', async () => {
    const [b] = await bundles();
    const main = b.lines[0];
    const lines = await sync([...claim(b, 'one'), { uuid: 'plain', sku: main.sku, quantity: 1 }, ...claim(b, 'two')]);
    expect(lines.map((l) => [l.uuid, l.upselling_bundle_id])).toEqual([
      ...b.lines.map((l) => [`one-${l.sku}`, b.id]),
      ['plain', null],
      ...b.lines.map((l) => [`two-${l.sku}`, b.id]),
    ]);
    expect(lines[b.lines.length].price).toBe(unitPrice(main.prices, 1));
  });
});

describe('checkout with a bundle', () => {
  it('charges exactly the cart total, and the order lines keep the bundle', async () => {
    const all = await bundles();
    const b = all[2] ?? all[0]; // not the one the sync tests use
    const items = claim(b, 'inst-c');
    const cartLines = await sync(items);
    const opened = await openCheckout({ items });
    expect(opened.items.map((l) => [l.sku, l.price, l.upselling_bundle_id])).toEqual(
      cartLines.map((l) => [l.sku, l.price, l.upselling_bundle_id]),
    );
    expect(opened.totals.goods_minor - opened.totals.discount_minor).toBe(totalMinor(cartLines));
    const withCustomer = await step(opened.id, { customer: consumer('sv') });
    const option = withCustomer.shipping_options[0]!;
    let v = await step(opened.id, { shipping_option_id: option.id, payment_method: 'invoice' });
    if (option.has_service_points) v = await step(opened.id, { service_point_id: v.service_points[0]!.id });
    expect(v.totals.total_minor).toBe(totalMinor(cartLines) + v.totals.shipping_minor);
    const r = await place(v.id);
    expect(r.status, r.body).toBe(200);
    expect(placeOrderResponseSchema.parse(r.json()).order_number).not.toBeNull();
    const { order } = await shop.onlyOrder(v);
    const orderLines = JSON.parse(order.items) as { sku: string; price: number; upselling_bundle_id?: number; unique_bundle_id?: string }[];
    expect(orderLines.map((l) => [l.sku, l.price, l.upselling_bundle_id, l.unique_bundle_id])).toEqual(
      cartLines.map((l) => [l.sku, l.price, b.id, 'inst-c']),
    );
  });
});
