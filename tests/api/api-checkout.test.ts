/**
 * Checkout and orders against the real server, on SQLite and PostgreSQL: server-side totals, field
 * problems in the storefront's language, the shop's own invoice end to end, and the races that must end
 * in exactly one order (docs/adr/0007-checkout-orders-and-money.md).
 */
import { describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { api } from './api-support.ts';
import { inStock, openCheckout, place, update, useCheckoutApi, view, viewOf } from './checkout-api-fixtures.ts';
import { CUSTOMERS } from '#tests/support/checkout-customers.ts';
import { placeOrderResponseSchema } from '#lib/api/checkout-contracts.ts';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { parseOrderNumber } from '#lib/orders/order-number.ts';
import { FREE_SHIPPING_THRESHOLD_MINOR } from '#lib/shipping/free-shipping.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(5)), fi: (all) => all.filter(inStock(3)) } });
const { ordersOf } = shop;
const stockable = () => shop.pool('sv');
const open = (items: { sku: string; quantity: number; price?: number }[]) => openCheckout({ items });
/** A checkout ready to place: customer, the cheapest shipping option (and its first service point), own invoice. */
const ready = (items: { sku: string; quantity: number }[], locale: 'sv' | 'fi' = 'sv') => shop.ready('invoice', { items, locale });

const stockOf = async (id: number) =>
  Number((await shop.h.db.selectFrom('products').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow()).stock_quantity);

describe('checkout totals (server-priced, minor units)', () => {
  it('prices the lines on the server, ignores client prices, and the totals add up to the öre', async () => {
    const [a, b] = stockable();
    const v = await open([
      { sku: a.sku, quantity: 2, price: 0.01 },
      { sku: b.sku, quantity: 1, price: 0.01 },
    ]);
    expect(v.status).toBe('open');
    expect(v.items.map((l) => l.sku)).toEqual([a.sku, b.sku]);
    expect(v.items[0].price).toBeGreaterThan(1);
    const t = v.totals;
    expect(t.currency).toBe('SEK');
    expect(t.total_minor).toBe(t.goods_minor - t.discount_minor + t.shipping_minor);
    expect(t.vat_breakdown.reduce((s, r) => s + r.gross_minor, 0)).toBe(t.total_minor);
    expect(t.vat_breakdown.reduce((s, r) => s + r.vat_minor, 0)).toBe(t.vat_minor);
    for (const row of t.vat_breakdown) expect(row.net_minor + row.vat_minor).toBe(row.gross_minor);
    expect(t.free_shipping_threshold_minor).toBe(FREE_SHIPPING_THRESHOLD_MINOR.sv);
  });

  it('reports postal code and mobile problems in the storefront language, and offers shipping only for a valid postal code', async () => {
    const v = await open([{ sku: stockable()[0].sku, quantity: 1 }]);
    const bad = viewOf(await update(v.id, { customer: { postal_code: '1234', mobile: '0612345678' } }));
    expect(bad.problems).toEqual(
      expect.arrayContaining([
        { field: 'postal_code', message: 'Ange ett postnummer med fem siffror, t.ex. 123 45.' },
        { field: 'mobile', message: 'Ange ett mobilnummer som börjar med 07.' },
      ]),
    );
    expect(bad.shipping_options).toEqual([]);
    const good = viewOf(await update(v.id, { customer: { postal_code: '123 45', mobile: '0701234567' } }));
    expect(good.problems).toEqual([]);
    expect(good.shipping_options.length).toBeGreaterThan(1);
    expect(good.shipping_options.some((o) => o.has_service_points)).toBe(true);
  });

  it('makes standard shipping free from the threshold the storefront promises, express never', async () => {
    const p = stockable()[0];
    const unit = Math.round(p.prices.n[0].p * 100);
    const quantity = Math.min(p.stock_quantity, Math.ceil(FREE_SHIPPING_THRESHOLD_MINOR.sv / unit) + 1);
    const v = await open([{ sku: p.sku, quantity }]);
    const priced = viewOf(await update(v.id, { customer: { postal_code: '12345' } }));
    const afterDiscount = priced.totals.goods_minor - priced.totals.discount_minor;
    const standard = priced.shipping_options.filter((o) => o.kind !== 'express');
    if (afterDiscount >= FREE_SHIPPING_THRESHOLD_MINOR.sv) {
      expect(standard.every((o) => o.price_minor === 0)).toBe(true);
      expect(priced.totals.free_shipping_left_minor).toBe(0);
    } else {
      expect(standard.every((o) => o.price_minor > 0)).toBe(true);
      expect(priced.totals.free_shipping_left_minor).toBe(FREE_SHIPPING_THRESHOLD_MINOR.sv - afterDiscount);
    }
    expect(priced.shipping_options.filter((o) => o.kind === 'express').every((o) => o.price_minor > 0)).toBe(true);
  });

  it('refuses a business buyer with an invalid organisation number and shows ex-VAT prices for a valid one', async () => {
    const v = await open([{ sku: stockable()[0].sku, quantity: 1 }]);
    const bad = viewOf(
      await update(v.id, { customer: { type: 'business', company_name: 'Verkstad AB', organisation_number: '556036-0794' } }),
    );
    expect(bad.problems).toContainEqual({ field: 'organisation_number', message: 'Organisationsnumret är inte giltigt.' });
    const good = viewOf(await update(v.id, { customer: { organisation_number: '556036-0793' } }));
    expect(good.problems).toEqual([]);
    expect(good.prices_ex_vat).toBe(true);
    expect(good.payment_methods.map((m) => m.id)).toEqual(['invoice-business', 'two-invoice']);
  });
});

describe("placing an order with the shop's own invoice", () => {
  it('creates one order whose total, lines and invoice reference agree with the checkout', async () => {
    const p = stockable()[1];
    const before = await stockOf(p.id);
    const v = await ready([{ sku: p.sku, quantity: 2 }]);
    const r = await place(v.id);
    expect(r.status).toBe(200);
    const placed = placeOrderResponseSchema.parse(r.json());
    expect(placed.redirect_url).toBe(`/checkout/confirmation/${v.id}`);
    expect(parseOrderNumber(placed.order_number!).ok).toBe(true);
    const [order] = await ordersOf(v.id);
    expect(order.id).toBe(placed.order_number);
    expect(Number(order.total_minor)).toBe(v.totals.total_minor);
    const details = JSON.parse(order.details);
    expect(details.lines.reduce((s: number, l: { total_minor: number }) => s + l.total_minor, 0) + details.totals.shipping_minor).toBe(
      v.totals.total_minor,
    );
    expect(details.invoice_reference.scheme).toBe('se_ocr');
    expect(details.shipping.service_point?.id ?? null).toBe(v.service_point_id);
    expect(await stockOf(p.id)).toBe(before - 2);
    const events = await shop.h.db
      .selectFrom('order_events')
      .select(['kind', 'to_state', 'source'])
      .where('order_id', '=', order.id)
      .orderBy('kind')
      .execute();
    expect(events).toEqual([
      { kind: 'order', to_state: 'placed', source: 'shopper' },
      { kind: 'payment', to_state: 'authorized', source: 'shopper' },
    ]);
    // Placing again (a double click, a second tab) answers the same order.
    const again = placeOrderResponseSchema.parse((await place(v.id)).json());
    expect(again.order_number).toBe(placed.order_number);
    const shown = await view(v.id);
    expect(shown.status).toBe('completed');
    expect(shown.order_number).toBe(placed.order_number);
  });

  it('works in a euro storefront too (fi)', async () => {
    const v = await ready([{ sku: shop.pool('fi')[2].sku, quantity: 1 }], 'fi');
    expect(v.totals.currency).toBe('EUR');
    const placed = placeOrderResponseSchema.parse((await place(v.id, 'fi')).json());
    const [order] = await ordersOf(v.id);
    expect(order.locale).toBe('fi');
    expect(JSON.parse(order.details).invoice_reference.scheme).toBe('fi_reference');
    expect(order.id).toBe(placed.order_number);
  });

  it("refuses to place an incomplete checkout with a message in the shopper's language", async () => {
    const v = await open([{ sku: stockable()[0].sku, quantity: 1 }]);
    const r = await place(v.id);
    expect(r.status).toBe(400);
    expect(apiErrorSchema.parse(r.json()).error).toEqual({ code: 'invalid_request', message: 'Fyll i fältet.', field: 'email' });
  });

  it('a refused place names the field it is about, in the order the server checks them', async () => {
    const v = await ready([{ sku: stockable()[0].sku, quantity: 1 }]);
    const refusal = async () => apiErrorSchema.parse((await place(v.id)).json()).error;
    await update(v.id, { customer: { mobile: '12345' } });
    expect(await refusal()).toMatchObject({ code: 'invalid_request', field: 'mobile' });
    await update(v.id, { customer: { mobile: CUSTOMERS.sv.mobile } });
    const pickup = v.shipping_options.find((o) => o.has_service_points)!;
    await update(v.id, { shipping_option_id: pickup.id, service_point_id: null });
    expect(await refusal()).toMatchObject({ code: 'invalid_request', field: 'service_point_id' });
    await update(v.id, { shipping_option_id: v.shipping_options.find((o) => !o.has_service_points)!.id, payment_method: null });
    expect(await refusal()).toMatchObject({ code: 'invalid_request', field: 'payment_method' });
    await update(v.id, { payment_method: 'invoice' });
    expect((await place(v.id)).status).toBe(200);
  });

  it('50 concurrent completions of one checkout make 1 order and decrement stock once', async () => {
    const p = stockable()[2];
    const before = await stockOf(p.id);
    const v = await ready([{ sku: p.sku, quantity: 3 }]);
    const answers = await Promise.all(Array.from({ length: 50 }, () => place(v.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const numbers = new Set(answers.map((a) => a.json().order_number));
    expect(numbers.size).toBe(1);
    expect(await ordersOf(v.id)).toHaveLength(1);
    expect(await stockOf(p.id)).toBe(before - 3);
  });

  it('20 shoppers racing for the last unit: exactly 1 order, the others a clear out-of-stock answer', async () => {
    const p = stockable()[3];
    const saved = await stockOf(p.id);
    const checkouts = await Promise.all(Array.from({ length: 20 }, () => ready([{ sku: p.sku, quantity: 1 }])));
    await shop.h.db.updateTable('products').set({ stock_quantity: 1 }).where('id', '=', p.id).execute();
    try {
      const answers = await Promise.all(checkouts.map((c) => place(c.id)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused).toHaveLength(19);
      for (const a of refused) {
        expect(a.status).toBe(409);
        expect(apiErrorSchema.parse(a.json()).error).toEqual({
          code: 'out_of_stock',
          message: 'En vara i varukorgen finns inte längre i lager i den mängden.',
        });
      }
      expect(await stockOf(p.id)).toBe(0);
    } finally {
      await shop.h.db.updateTable('products').set({ stock_quantity: saved }).where('id', '=', p.id).execute();
    }
  });

  it('two lines of one sku cannot together take more than the stock', async () => {
    const p = stockable()[4];
    const saved = await stockOf(p.id);
    const v = await ready([
      { sku: p.sku, quantity: 2 },
      { sku: p.sku, quantity: 2 },
    ]);
    await shop.h.db.updateTable('products').set({ stock_quantity: 3 }).where('id', '=', p.id).execute();
    try {
      // the stock is shared by the product's lines (docs/product/cart.md#server-side-re-pricing-and-stock-caps):
      // priced at placing, the first line keeps 2 and the second gets the 1 left — as a single line of 4 gets 3
      const r = await place(v.id);
      expect(r.status).toBe(200);
      const [order, ...more] = await ordersOf(v.id);
      expect(more).toHaveLength(0);
      expect((JSON.parse(order!.items) as { quantity: number }[]).map((l) => l.quantity)).toEqual([2, 1]);
      expect(await stockOf(p.id)).toBe(0);
    } finally {
      await shop.h.db.updateTable('products').set({ stock_quantity: saved }).where('id', '=', p.id).execute();
    }
  });
});

describe('checkout input at the edge', () => {
  it('answers an unknown checkout id with 404 JSON, a traversing one and a locale/sid mismatch with 400', async () => {
    expect((await request(api('/api/checkout/AAAAAAAAAAAAAAAAAAAAAA'))).status).toBe(404);
    // an id hiding a separator is refused by the host before any routing (docs/adr/0001-host-routing-and-internal-pages.md#paths)
    const traversal = await request(api('/api/checkout/..%2f..'));
    expect(traversal.status).toBe(400);
    expect(apiErrorSchema.parse(traversal.json()).error.code).toBe('invalid_request');
    const v = await open([{ sku: stockable()[0].sku, quantity: 1 }]);
    expect((await request(api(`/api/checkout/${v.id}`, 'fi'))).status).toBe(404); // another storefront's checkout
    const mismatch = await request(`${api(`/api/checkout/${v.id}`).replace('sid=1', 'sid=4')}`);
    expect(mismatch.status).toBe(400);
    expect(apiErrorSchema.parse(mismatch.json()).error.code).toBe('bad_locale');
  });

  it('refuses unknown payment methods and a place without accepted terms', async () => {
    const v = await open([{ sku: stockable()[0].sku, quantity: 1 }]);
    expect((await update(v.id, { payment_method: 'free-money' })).status).toBe(400);
    expect((await postJson(api(`/api/checkout/${v.id}/place`), { terms_accepted: false })).status).toBe(400);
  });
});
