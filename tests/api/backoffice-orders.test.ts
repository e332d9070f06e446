/**
 * The back office's order pages over HTTP (docs/product/back-office.md#orders), on orders placed through the real
 * checkout, on the engine under test: the list and its filter, the CSV export, the order page, pick/ship/deliver
 * through confirm steps (a repeat changes nothing), refusals, roles and CSRF.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inStock, useCheckoutApi } from './checkout-api-fixtures.ts';
import { ADMIN, boGet, boPost, staffSession, type StaffSession } from './backoffice-session.ts';
import { request } from '#tests/support/http.ts';
import { validatePeppolInvoice } from '#tests/support/peppol-validator.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(20)).slice(-150, -130) } });

let staff: StaffSession;
let readOnly: StaffSession;
let editor: StaffSession;

beforeAll(async () => {
  staff = await staffSession(shop.h, 'staff');
  readOnly = await staffSession(shop.h, 'read_only');
  editor = await staffSession(shop.h, 'editor');
});

const rowsOf = (html: string) => [...html.matchAll(/data-testid="bo-order-row" data-number="(\d+)"/g)].map((m) => m[1]);
const stateOf = async (number: string) =>
  (await shop.h.db.selectFrom('orders').select('status').where('id', '=', number).executeTakeFirstOrThrow()).status;
const eventCount = async (number: string) =>
  (await shop.h.db.selectFrom('order_events').select('id').where('order_id', '=', number).execute()).length;
const auditRows = (action: string, number: string) =>
  shop.h.db.selectFrom('staff_audit').selectAll().where('action', '=', action).where('subject_id', '=', number).execute();

/** The two posts of an action: the confirm step (nothing changes), then the confirmed one (a redirect). */
async function act(s: StaffSession, number: string, action: string) {
  const ask = await boPost(`/orders/${number}`, { _csrf: s.csrf, action }, s.cookie);
  expect(ask.status, ask.body).toBe(200);
  expect(ask.body).toContain('data-testid="bo-confirm"');
  expect(ask.body).toContain(`of order ${number}`);
  return boPost(`/orders/${number}`, { _csrf: s.csrf, action, step: 'confirm' }, s.cookie);
}

describe('the order list', () => {
  it('filters by storefront and search text, and exports exactly the matching rows as CSV', async () => {
    const a = await shop.guestOrder('invoice', 1);
    const b = await shop.guestOrder('invoice', 1);
    const byEmail = await boGet(`/orders?storefront=sv&q=${encodeURIComponent(a.customer.email)}`, staff.cookie);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toContain('data-testid="bo-orders"');
    const rows = rowsOf(byEmail.body);
    expect(rows).toContain(a.number);
    if (a.customer.email !== b.customer.email) expect(rows).not.toContain(b.number);
    const byNumber = await boGet(`/orders?storefront=sv&q=${b.number}`, staff.cookie);
    expect(rowsOf(byNumber.body)).toEqual([b.number]);
    expect(byNumber.body).toContain(`href="/orders.csv?storefront=sv&amp;q=${b.number}"`);
    expect(rowsOf((await boGet(`/orders?storefront=fi&q=${b.number}`, staff.cookie)).body)).toEqual([]);

    const csv = await boGet(`/orders.csv?storefront=sv&q=${b.number}`, staff.cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe('number,placed_at,storefront,customer_name,email,state,payment_method,shipping_option,total,currency,lines');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([b.number]);
    expect(lines[1]!.split(',')[8]).toBe((b.v.totals.total_minor / 100).toFixed(2));
  });

  it('shows a bad filter as a message on the page, never a 500', async () => {
    const r = await boGet('/orders?from=2026-02-30&storefront=xx', staff.cookie);
    expect(r.status).toBe(400);
    expect(r.body).toContain('data-testid="bo-orders-error"');
    expect(r.body).toContain('<code>from</code>');
    expect(r.body).toContain('<code>storefront</code>');
    expect((await boGet('/orders.csv?from=nope', staff.cookie)).status).toBe(400);
  });
});

describe("an order's e-invoice", () => {
  it("a business order's is linked and served to staff as a valid Peppol BIS 3.0 document; a consumer's has none", async () => {
    const { number, v } = await shop.guestOrder('invoice-business', 1);
    const page = await boGet(`/orders/${number}`, readOnly.cookie);
    expect(page.body).toContain(`href="/orders/${number}/e-invoice.xml" data-testid="bo-order-e-invoice"`);
    const r = await boGet(`/orders/${number}/e-invoice.xml`, readOnly.cookie);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="invoice-${number}.xml"`);
    expect(r.body).toContain(`<cbc:PayableAmount currencyID="SEK">${(v.totals.total_minor / 100).toFixed(2)}</cbc:PayableAmount>`);
    const report = await validatePeppolInvoice(r.body);
    expect(report.schemaErrors).toEqual([]);
    expect(report.findings).toEqual([]);

    const consumer = await shop.guestOrder('invoice', 1);
    expect((await boGet(`/orders/${consumer.number}`, readOnly.cookie)).body).not.toContain('bo-order-e-invoice');
    expect((await boGet(`/orders/${consumer.number}/e-invoice.xml`, readOnly.cookie)).status).toBe(404);
    // not signed in: no document
    const anonymous = await boGet(`/orders/${number}/e-invoice.xml`);
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.body).not.toContain('<Invoice');
  }, 120_000);
});

describe('the order page', () => {
  it("shows a placed order's lines and total", async () => {
    const { v, number } = await shop.guestOrder('invoice', 2);
    const r = await boGet(`/orders/${number}`, staff.cookie);
    expect(r.status).toBe(200);
    expect(r.body).toContain('data-testid="bo-order"');
    for (const line of v.items) expect(r.body).toContain(`data-testid="bo-order-line" data-sku="${line.sku}"`);
    expect(r.body).toContain(`data-testid="bo-order-total" data-minor="${v.totals.total_minor}"`);
    expect((await boGet('/orders/99999999', staff.cookie)).status).toBe(404);
  });

  it('picks, ships and delivers through confirm steps; a repeat changes nothing; each step audited once', async () => {
    const { number } = await shop.guestOrder('invoice', 1);
    for (const [action, state] of [
      ['pick', 'picked'],
      ['ship', 'shipped'],
      ['deliver', 'delivered'],
    ] as const) {
      const before = await stateOf(number);
      const done = await act(staff, number, action);
      expect(done.status, done.body).toBe(303);
      expect(done.headers.location).toBe(`/orders/${number}?done=${action}&changed=1`);
      expect(await stateOf(number)).toBe(state);
      const events = await eventCount(number);
      const again = await boPost(`/orders/${number}`, { _csrf: staff.csrf, action, step: 'confirm' }, staff.cookie);
      expect(again.status).toBe(303);
      expect(again.headers.location).toBe(`/orders/${number}?done=${action}&changed=0`);
      expect(await eventCount(number)).toBe(events);
      const audit = await auditRows(`orders.${action}`, number);
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.before_json!).state).toBe(before);
      expect(JSON.parse(audit[0]!.after_json!).state).toBe(state);
    }
    const page = await boGet(`/orders/${number}?done=deliver&changed=0`, staff.cookie);
    expect(page.body).toContain('data-testid="bo-order-notice" data-changed="0"');
    expect(page.body).toContain('data-state="delivered"');
  });

  it("shows a refused step's message and changes nothing", async () => {
    const { number } = await shop.guestOrder('invoice', 1);
    const before = await stateOf(number);
    const r = await act(staff, number, 'deliver');
    expect(r.status).toBe(409);
    expect(r.body).toContain('data-testid="bo-order-error"');
    expect(await stateOf(number)).toBe(before);
    expect(await auditRows('orders.deliver', number)).toHaveLength(0);
  });
});

describe('cancel and note', () => {
  it('cancels an order through its confirm step (audited once) and adds a note shown on the page', async () => {
    const { number } = await shop.guestOrder('invoice', 1);
    const done = await act(staff, number, 'cancel');
    expect(done.status, done.body).toBe(303);
    expect(await stateOf(number)).toBe('cancelled');
    const again = await boPost(`/orders/${number}`, { _csrf: staff.csrf, action: 'cancel', step: 'confirm' }, staff.cookie);
    expect(again.headers.location).toContain('changed=0');
    expect(await auditRows('orders.cancel', number)).toHaveLength(1);

    const text = 'Customer phoned: <leave at the door>';
    const ask = await boPost(`/orders/${number}`, { _csrf: staff.csrf, action: 'note', text }, staff.cookie);
    expect(ask.body).toContain('data-testid="bo-confirm" data-action="note"');
    expect(await shop.h.db.selectFrom('order_notes').select('id').where('order_id', '=', number).execute()).toHaveLength(0);
    const noted = await boPost(`/orders/${number}`, { _csrf: staff.csrf, action: 'note', text, step: 'confirm' }, staff.cookie);
    expect(noted.status).toBe(303);
    const page = await boGet(`/orders/${number}`, staff.cookie);
    expect(page.body).toContain('Customer phoned: &lt;leave at the door&gt;');
    expect(await auditRows('orders.note', number)).toHaveLength(1);
    const empty = await boPost(`/orders/${number}`, { _csrf: staff.csrf, action: 'note', text: '  ', step: 'confirm' }, staff.cookie);
    expect(empty.status).toBe(400);
    expect(empty.body).toContain('data-testid="bo-order-error"');
  });
});

describe('resend', () => {
  it('queues a failed order confirmation again through the confirm step', async () => {
    const { number } = await shop.guestOrder('invoice', 1);
    const key = `order_confirmation:${number}`;
    await shop.h.db.updateTable('mail_outbox').set({ status: 'failed' }).where('dedupe_key', '=', key).execute();
    const ask = await boPost(`/orders/${number}`, { _csrf: staff.csrf, action: 'resend', kind: 'order_confirmation' }, staff.cookie);
    expect(ask.body).toContain('data-testid="bo-confirm" data-action="resend"');
    expect(ask.body).toContain('name="kind" value="order_confirmation"');
    const r = await boPost(
      `/orders/${number}`,
      { _csrf: staff.csrf, action: 'resend', kind: 'order_confirmation', step: 'confirm' },
      staff.cookie,
    );
    expect(r.headers.location).toBe(`/orders/${number}?done=resend&changed=1`);
    const mail = await shop.h.db.selectFrom('mail_outbox').select('status').where('dedupe_key', '=', key).executeTakeFirstOrThrow();
    expect(mail.status).not.toBe('failed');
    expect(await auditRows('orders.resend', number)).toHaveLength(1);
  });
});

describe('access', () => {
  it('read_only sees the orders but gets 403 on an action; the editor gets 403 on /orders', async () => {
    const { number } = await shop.guestOrder('invoice', 1);
    expect((await boGet(`/orders/${number}`, readOnly.cookie)).status).toBe(200);
    expect((await boGet('/orders', readOnly.cookie)).status).toBe(200);
    const r = await boPost(`/orders/${number}`, { _csrf: readOnly.csrf, action: 'pick', step: 'confirm' }, readOnly.cookie);
    expect(r.status).toBe(403);
    expect(r.body).toContain('data-testid="bo-forbidden"');
    expect(await stateOf(number)).not.toBe('picked');
    expect((await boGet('/orders', editor.cookie)).status).toBe(403);
    expect((await boGet(`/orders/${number}`, editor.cookie)).status).toBe(403);
    expect((await boGet('/orders.csv', editor.cookie)).status).toBe(403);
  });

  it('a post without the CSRF token, or from another origin, is refused with 403 and changes nothing', async () => {
    const { number } = await shop.guestOrder('invoice', 1);
    const before = await stateOf(number);
    expect((await boPost(`/orders/${number}`, { action: 'pick', step: 'confirm' }, staff.cookie)).status).toBe(403);
    expect((await boPost(`/orders/${number}`, { _csrf: 'wrong', action: 'pick', step: 'confirm' }, staff.cookie)).status).toBe(403);
    expect(
      (await boPost(`/orders/${number}`, { _csrf: staff.csrf, action: 'pick', step: 'confirm' }, staff.cookie, 'http://evil.example'))
        .status,
    ).toBe(403);
    expect(await stateOf(number)).toBe(before);
  });

  it('the CSV needs a signed-in member', async () => {
    const r = await request(`${ADMIN}/orders.csv`);
    expect(r.status).toBe(303);
    expect(r.headers.location).toMatch(/^\/login/);
  });
});

describe('the dashboard', () => {
  it("counts today's orders per storefront and links the orders to pick", async () => {
    const r = await boGet('/', staff.cookie);
    expect(r.status).toBe(200);
    const sv = /data-testid="bo-dashboard-storefront" data-storefront="sv" data-orders="(\d+)"/.exec(r.body);
    expect(Number(sv?.[1])).toBeGreaterThan(0);
    expect(r.body).toContain('href="/orders?state=placed&amp;state=invoiced&amp;state=paid"');
    expect(r.body).toMatch(/data-testid="bo-dashboard-to-pick" data-count="\d+"/);
  });
});
