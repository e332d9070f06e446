/**
 * The back office's order list, CSV export, order page, notes and dashboard (docs/product/back-office-data.md)
 * against a real database: SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { filteredOrders, listOrders, orderCsv } from '#server/backoffice/order-list.ts';
import { addOrderNote, orderDetail } from '#server/backoffice/order-detail.ts';
import { dashboardSummary } from '#server/backoffice/dashboard.ts';
import { parseOrderFilter, type OrderFilter } from '#lib/backoffice/order-filter.ts';
import { DomainError } from '#lib/errors/domain-errors.ts';
import { ENGINES, insertTestOrder } from './backoffice-db.ts';

const filter = (query: string): OrderFilter => {
  const r = parseOrderFilter(new URLSearchParams(query));
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.filter;
};
const numbers = async (db: Db, query: string) => (await listOrders(db, filter(query))).rows.map((r) => r.number);

// "now" of the dashboard: 26 November 2026, 22:30 UTC — 23:30 in Stockholm, already the 27th in Helsinki
const NOW = new Date('2026-11-26T22:30:00Z');

describe.each(ENGINES)('back office orders on $name', (engine) => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await engine.open());
    const o = (number: string, placedAt: string, extra: Partial<Parameters<typeof insertTestOrder>[1]> = {}) =>
      insertTestOrder(db, { number, placedAt, ...extra });
    await o('1000001', '2026-11-25T10:00:00.000Z', { email: 'Anna.Svensson@Example.se' });
    await o('1000002', '2026-11-26T08:00:00.000Z', {
      first: 'Björn',
      last: 'O%Brien',
      postalCode: '41 2 63',
      payment: 'klarna',
      provider: 'klarna',
      shipping: 'service-point',
      lines: [
        { sku: 'A', quantity: 1, unit: 100_00, vat: 25 },
        { sku: 'B', quantity: 3, unit: 20_00, vat: 12 },
      ],
    });
    await o('1000003', '2026-11-26T22:00:00.000Z', { locale: 'fi', status: 'picked', paymentStatus: 'captured' });
    await o('1000004', '2026-11-26T21:00:00.000Z', { locale: 'fi', status: 'pending_payment', paymentStatus: null });
    await o('1000005', '2026-11-26T09:00:00.000Z', { status: 'cancelled', paymentStatus: 'cancelled' });
    await o('1000006', '2026-11-26T23:30:00.000Z', { status: 'invoiced', paymentStatus: null, provider: 'eel', payment: 'invoice' });
    // a late-night order (23:10 in Stockholm on the 26th) and one just after local midnight
    await o('1000007', '2026-11-26T22:10:00.000Z');
    await o('1000008', '2026-11-26T23:05:00.000Z', { customerId: null, first: 'Cecilia', last: 'Ek' });
  });
  afterAll(async () => {
    await close();
  });

  it('lists newest first with the row fields and the total count', async () => {
    const page = await listOrders(db, filter('size=3'));
    expect(page).toMatchObject({ total: 8, page: 1, size: 3, pages: 3 });
    expect(page.rows.map((r) => r.number)).toEqual(['1000006', '1000008', '1000007']);
    const [row] = (await listOrders(db, filter('q=1000002'))).rows;
    expect(row).toEqual({
      number: '1000002',
      placedAt: '2026-11-26T08:00:00.000Z',
      storefront: 'sv',
      customerName: 'Björn O%Brien',
      email: '1000002@example.se',
      state: 'paid',
      paymentMethod: 'klarna',
      shippingOption: 'service-point',
      totalMinor: 100_00 + 60_00 + 49_00,
      currency: 'SEK',
      lineCount: 2,
    });
    expect(await numbers(db, 'size=3&page=3')).toEqual(['1000002', '1000001']);
    expect((await listOrders(db, filter('page=9'))).rows).toEqual([]);
  });

  it('filters by storefront, state, payment method and shipping option', async () => {
    expect(await numbers(db, 'storefront=fi')).toEqual(['1000003', '1000004']);
    expect(await numbers(db, 'state=picked&state=cancelled')).toEqual(['1000003', '1000005']);
    expect(await numbers(db, 'payment=klarna')).toEqual(['1000002']);
    expect(await numbers(db, 'shipping=service-point')).toEqual(['1000002']);
    expect(await numbers(db, 'storefront=sv&state=invoiced&payment=invoice')).toEqual(['1000006']);
    expect((await listOrders(db, filter('storefront=nl'))).total).toBe(0);
  });

  it('date ranges are whole days in the time zone: Stockholm, or the one storefront’s', async () => {
    // the 26th in Stockholm: 25th 23:00Z … 26th 23:00Z
    expect(await numbers(db, 'from=2026-11-26&to=2026-11-26')).toEqual(['1000007', '1000003', '1000004', '1000005', '1000002']);
    expect(await numbers(db, 'from=2026-11-27')).toEqual(['1000006', '1000008']);
    expect(await numbers(db, 'to=2026-11-25')).toEqual(['1000001']);
    // Helsinki's 27th starts at 26th 22:00Z
    expect(await numbers(db, 'storefront=fi&from=2026-11-27')).toEqual(['1000003']);
  });

  it('searches the number exactly, the e-mail in any case, a part of the name and the postal code without spaces', async () => {
    expect(await numbers(db, 'q=%23100+0003')).toEqual(['1000003']);
    expect(await numbers(db, 'q=100000')).toEqual([]);
    expect(await numbers(db, 'q=anna.svensson%40example.SE')).toEqual(['1000001']);
    expect(await numbers(db, 'q=cecilia')).toEqual(['1000008']);
    expect(await numbers(db, 'q=Cecilia+Ek')).toEqual(['1000008']);
    expect(await numbers(db, 'q=412+63')).toEqual(['1000002']);
    // LIKE's wildcards are text: "o%b" matches O%Brien only, "%" alone no name
    expect(await numbers(db, 'q=o%25b')).toEqual(['1000002']);
    expect(await numbers(db, 'q=_')).toEqual([]);
  });

  it('the CSV holds every matching order (past one page and one chunk), BOM and header first', async () => {
    const pieces: string[] = [];
    for await (const piece of orderCsv(db, filter('storefront=sv&size=1'), 2)) pieces.push(piece);
    const text = pieces.join('');
    expect(
      text.startsWith(
        '\uFEFFnumber,placed_at,storefront,customer_name,email,state,payment_method,shipping_option,total,currency,lines\r\n',
      ),
    ).toBe(true);
    const records = text.slice(1).split('\r\n').slice(1, -1);
    expect(records.map((r) => r.split(',')[0])).toEqual(['1000006', '1000008', '1000007', '1000005', '1000002', '1000001']);
    expect(records[4]).toBe('1000002,2026-11-26T08:00:00.000Z,sv,Björn O%Brien,1000002@example.se,paid,klarna,service-point,209.00,SEK,2');
    const chunks: number[] = [];
    for await (const rows of filteredOrders(db, filter(''), 3)) chunks.push(rows.length);
    expect(chunks).toEqual([3, 3, 2]);
  });

  it('the order page: lines, totals with the VAT per rate, payment, shipping, notes and the timeline', async () => {
    const note = await addOrderNote(db, '1000002', 'staff-7', '  Customer called about the delivery  ', new Date('2026-11-26T12:00:00Z'));
    expect(note).toMatchObject({ staffId: 'staff-7', body: 'Customer called about the delivery', createdAt: '2026-11-26T12:00:00.000Z' });
    await db
      .insertInto('mail_outbox')
      .values({
        id: randomUUID(),
        kind: 'order_confirmation',
        locale: 'sv',
        recipient: '1000002@example.se',
        subject: 'Tack',
        text_body: '',
        html_body: '',
        headers: '{}',
        dedupe_key: 'order_confirmation:1000002',
        status: 'sent',
        attempts: 1,
        next_attempt_at: '2026-11-26T08:00:00.000Z',
        created_at: '2026-11-26T08:00:00.000Z',
        sent_at: '2026-11-26T08:00:05.000Z',
      })
      .execute();
    const d = await orderDetail(db, '1000002');
    expect(d.lines.map((l) => [l.sku, l.quantity, l.total_minor, l.vat_rate])).toEqual([
      ['A', 1, 100_00, 25],
      ['B', 3, 60_00, 12],
    ]);
    expect(d.totals).toMatchObject({ goods_minor: 160_00, shipping_minor: 49_00, total_minor: 209_00 });
    expect(d.totals.vat_breakdown).toEqual([
      { rate: 25, net_minor: 119_20, vat_minor: 29_80, gross_minor: 149_00 },
      { rate: 12, net_minor: 53_57, vat_minor: 6_43, gross_minor: 60_00 },
    ]);
    expect(d.customer).toMatchObject({ accountId: null, email: '1000002@example.se' });
    expect(d.address).toEqual({ name: 'Björn O%Brien', company: null, street: 'Gatan 1', postalCode: '41 2 63', city: 'Stockholm' });
    expect(d.payment).toMatchObject({
      method: 'klarna',
      provider: 'klarna',
      providerReference: 'PSP-1000002',
      state: 'authorized',
      amountMinor: 209_00,
      capturedMinor: 0,
      refundedMinor: 0,
    });
    expect(d.shipping).toMatchObject({ optionId: 'service-point', carrier: 'PostNord', shipment: null });
    expect(d.mails).toEqual([
      expect.objectContaining({ kind: 'order_confirmation', to: '1000002@example.se', status: 'sent', sentAt: '2026-11-26T08:00:05.000Z' }),
    ]);
    expect(d.timeline).toEqual([
      { at: '2026-11-26T08:00:00.000Z', kind: 'state', what: 'placed', by: 'checkout' },
      { at: '2026-11-26T08:00:05.000Z', kind: 'mail', what: 'order_confirmation sent', by: 'outbox' },
      { at: '2026-11-26T12:00:00.000Z', kind: 'note', what: 'Customer called about the delivery', by: 'staff-7' },
    ]);
  });

  it('payment amounts: captured once picked, refunded whole when a cancel refunded it', async () => {
    expect((await orderDetail(db, '1000003')).payment).toMatchObject({
      state: 'captured',
      amountMinor: 549_00,
      capturedMinor: 549_00,
      refundedMinor: 0,
    });
    await insertTestOrder(db, { number: '1000009', placedAt: '2026-11-20T10:00:00.000Z', status: 'cancelled', paymentStatus: 'refunded' });
    expect((await orderDetail(db, '1000009')).payment).toMatchObject({ capturedMinor: 549_00, refundedMinor: 549_00 });
    await db.deleteFrom('order_events').where('order_id', '=', '1000009').execute();
    await db.deleteFrom('orders').where('id', '=', '1000009').execute();
  });

  it('refuses an empty or too long note, and an unknown order', async () => {
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: DomainError) => ({ code: e.code, field: e.field, message: e.message }),
      );
    expect(await refusal(addOrderNote(db, '1000001', 'staff-7', '   '))).toEqual({
      code: 'invalid_request',
      field: 'text',
      message: 'Write the note first',
    });
    expect(await refusal(addOrderNote(db, '1000001', 'staff-7', 'x'.repeat(2001)))).toMatchObject({
      code: 'invalid_request',
      field: 'text',
    });
    expect(await refusal(addOrderNote(db, '9999999', 'staff-7', 'hello'))).toMatchObject({ code: 'not_found' });
    expect(await refusal(orderDetail(db, '9999999'))).toMatchObject({ code: 'not_found' });
    expect((await orderDetail(db, '1000001')).notes).toEqual([]);
  });

  it('the dashboard: today per storefront in its own day and currency, and the queues', async () => {
    await db
      .insertInto('client_errors')
      .values([
        {
          id: randomUUID(),
          created_at: '2026-11-26T10:00:00.000Z',
          locale: 'sv',
          level: 'error',
          message: 'x',
          stack: null,
          user_agent: null,
          url: null,
          ip_hash: 'h',
        },
        {
          id: randomUUID(),
          created_at: '2026-11-25T10:00:00.000Z',
          locale: 'sv',
          level: 'error',
          message: 'x',
          stack: null,
          user_agent: null,
          url: null,
          ip_hash: 'h',
        },
      ])
      .execute();
    const s = await dashboardSummary(db, NOW);
    // Stockholm's 26th: 1000002 (209.00), 1000007 (549.00); 1000005 is cancelled; 1000006/8 are on the 27th
    expect(s.today.find((t) => t.storefront === 'sv')).toEqual({
      storefront: 'sv',
      date: '2026-11-26',
      orders: 2,
      revenueMinor: 209_00 + 549_00,
      currency: 'SEK',
    });
    // Helsinki's 27th began at 22:00Z: 1000003 counts; 1000004 is unpaid
    expect(s.today.find((t) => t.storefront === 'fi')).toEqual({
      storefront: 'fi',
      date: '2026-11-27',
      orders: 1,
      revenueMinor: 549_00,
      currency: 'EUR',
    });
    expect(s.today.find((t) => t.storefront === 'nl')).toMatchObject({ orders: 0, revenueMinor: 0, currency: 'EUR' });
    expect(s).toMatchObject({ toPick: 5, openReturns: 0, openWithdrawals: 0, failedMails: 0, clientErrors24h: 1 });
  });
});
