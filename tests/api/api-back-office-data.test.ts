/**
 * The back office's data services (docs/product/back-office-data.md) over orders placed through the real checkout
 * (server and sandbox, SQLite and PostgreSQL): the list finds them by number, e-mail and filters, the order page
 * and the CSV carry the checkout's figures, and the shop's cancel voids, puts stock back and stops the operator.
 */
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { parseOrderFilter, type OrderFilter } from '#lib/backoffice/order-filter.ts';
import { listOrders, orderCsv } from '#server/backoffice/order-list.ts';
import { addOrderNote, orderDetail } from '#server/backoffice/order-detail.ts';
import { cancelOrder } from '#server/backoffice/order-actions.ts';
import { request } from '#tests/support/http.ts';
import { TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { api } from './api-support.ts';
import { inStock, useCheckoutApi } from './checkout-api-fixtures.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(20)).slice(-130, -110) }, sandbox: ['adyen'] });

const filter = (query: string): OrderFilter => {
  const r = parseOrderFilter(new URLSearchParams(query));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.filter;
};
const stockOf = async (sku: string) =>
  Number((await shop.h.db.selectFrom('products').select('stock_quantity').where('sku', '=', sku).executeTakeFirstOrThrow()).stock_quantity);

describe('back office data over real orders', () => {
  it('a card order: found by number and by e-mail with its filters; the page and the CSV carry its figures', async () => {
    const { v, customer, number } = await shop.guestOrder('card', 2);
    const [row] = (await listOrders(shop.h.db, filter(`q=${number}`))).rows;
    expect(row).toMatchObject({
      number,
      storefront: 'sv',
      email: customer.email,
      customerName: `${customer.first_name} ${customer.last_name}`,
      state: 'placed',
      paymentMethod: 'card',
      shippingOption: v.shipping_option_id,
      totalMinor: v.totals.total_minor,
      currency: 'SEK',
      lineCount: 1,
    });
    const byEmail = await listOrders(
      shop.h.db,
      filter(`q=${encodeURIComponent(customer.email.toUpperCase())}&payment=card&storefront=sv&size=100`),
    );
    expect(byEmail.rows.map((r) => r.number)).toContain(number);
    expect(byEmail.rows.every((r) => r.email.toLowerCase() === customer.email.toLowerCase() && r.paymentMethod === 'card')).toBe(true);

    const d = await orderDetail(shop.h.db, number);
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]!.quantity).toBe(2);
    expect(d.totals).toEqual(v.totals);
    expect(d.totals.vat_breakdown.reduce((s, r) => s + r.gross_minor, 0)).toBe(v.totals.total_minor);
    expect(d.payment).toMatchObject({
      method: 'card',
      provider: 'adyen',
      state: 'authorized',
      amountMinor: v.totals.total_minor,
      refundedMinor: 0,
    });
    expect(d.customer.accountId).toBeNull();
    expect(d.address.postalCode).toBe(customer.postal_code);
    expect(d.timeline.slice(0, 2).map((e) => [e.kind, e.what])).toEqual([
      ['state', 'placed'],
      ['payment', 'authorized'],
    ]);
    expect(d.mails.map((m) => m.kind)).toContain('order_confirmation');

    let csv = '';
    for await (const piece of orderCsv(shop.h.db, filter(`q=${number}`))) csv += piece;
    const [, record] = csv.split('\r\n');
    const cells = record!.split(',');
    expect(cells[0]).toBe(number);
    expect(cells[8]).toBe((v.totals.total_minor / 100).toFixed(2));
  });

  it('the shop cancels an invoice order: voided, stock back, a note; the operator can no longer pick it', async () => {
    const { number } = await shop.guestOrder('invoice', 3);
    const before = await orderDetail(shop.h.db, number);
    const sku = before.lines[0]!.sku;
    const stockBefore = await stockOf(sku);
    const done = await cancelOrder(shop.h.db, number, 'staff-api');
    expect(done).toMatchObject({ changed: true, order: { status: 'cancelled', paymentStatus: 'cancelled' } });
    expect((await cancelOrder(shop.h.db, number, 'staff-api')).changed).toBe(false);
    expect(await stockOf(sku)).toBe(stockBefore + 3);
    await addOrderNote(shop.h.db, number, 'staff-api', 'Out of stock at the supplier');
    const after = await orderDetail(shop.h.db, number);
    expect(after.timeline.filter((e) => e.by === 'staff-api' || e.by === 'staff:staff-api').map((e) => [e.kind, e.what])).toEqual([
      ['state', 'cancelled'],
      ['payment', 'cancelled'],
      ['note', 'Out of stock at the supplier'],
    ]);
    const r = await request(api(`/api/operator/orders/${number}/pick`), {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
      body: '{}',
    });
    expect(r.status).toBe(409);
    expect(apiErrorSchema.parse(r.json()).error.code).toBe('invalid_transition');
  });
});
