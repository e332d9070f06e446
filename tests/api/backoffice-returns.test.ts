/**
 * The back office's returns page over HTTP (docs/product/back-office.md#returns), on the engine under test: a
 * withdrawal of a shipped order is in the queue, staff receive and refund it behind a confirm step through the
 * operator's service — the provider refunds once, a second refund changes nothing — each step audited; read-only
 * and editor members may not act, a post without the CSRF token is refused. The customers pages: search, one
 * customer, and Anonymise behind a confirm step — refused while an order is open, done once it is not.
 */
import { describe, expect, it } from 'vitest';
import { withdrawalReturnViewSchema } from '#lib/api/return-contracts.ts';
import { request, postJson, type TestResponse } from '#tests/support/http.ts';
import { TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { api } from './api-support.ts';
import { guestCookies } from './account-session.ts';
import { deliveries, inStock, place, until, useCheckoutApi } from './checkout-api-fixtures.ts';
import { consumer } from '#tests/support/checkout-customers.ts';
import { boGet, boPost, staffSession } from './backoffice-session.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { cancelOrder } from '#server/backoffice/order-actions.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(20)).slice(-170, -150) }, sandbox: ['adyen'] });
const AUTH = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const operator = (path: string) => request(api(`/api/operator/${path}`), { method: 'POST', headers: AUTH, body: '{}' });
const refunds = async () => (await deliveries('adyen')).filter((d) => d.label.startsWith('REFUND')).length;

/** A card order picked and shipped (captured), withdrawn by the shopper: an approved withdrawal return. */
async function shippedWithdrawal() {
  const { customer, number } = await shop.guestOrder('card', 2);
  for (const step of ['pick', 'ship']) expect((await operator(`orders/${number}/${step}`)).status).toBe(200);
  const cookie = await guestCookies(number, customer.email);
  const r = await postJson(api('/api/returns/withdrawal'), { order_number: number }, { cookie });
  expect(r.status, r.body).toBe(200);
  return { number, rma: withdrawalReturnViewSchema.parse(r.json()).rma, email: customer.email };
}

/** The row of the RMA in the page's HTML, or undefined. */
const rowOf = (html: string, rma: string) => new RegExp(`<tr[^>]*data-rma="${rma}"[^>]*>[\\s\\S]*?</tr>`).exec(html)?.[0];
const stateOf = (html: string, rma: string) => /data-state="(\w+)"/.exec(rowOf(html, rma) ?? '')?.[1];
const returnRow = (rma: string) =>
  shop.h.db.selectFrom('order_returns').select(['status', 'refunded_at']).where('id', '=', rma).executeTakeFirstOrThrow();
const auditOf = (rma: string) =>
  shop.h.db
    .selectFrom('staff_audit')
    .select(['action', 'before_json', 'after_json'])
    .where('subject_type', '=', 'return')
    .where('subject_id', '=', rma)
    .orderBy('at')
    .execute();

describe('back office /returns', () => {
  it('a withdrawal of a shipped order: in the queue, received and refunded after confirming, refunded once', async () => {
    const { number, rma } = await shippedWithdrawal();
    const s = await staffSession(shop.h, 'staff');

    const list = await boGet('/returns?state=approved', s.cookie);
    expect(list.status).toBe(200);
    expect(list.body).toContain('data-testid="bo-returns"');
    const row = rowOf(list.body, rma)!;
    expect(row).toContain('data-kind="withdrawal"');
    expect(row).toContain('data-state="approved"');
    expect(row).toContain(number); // linked to /orders/<number> once that page exists
    expect(row).toContain('data-action="receive"');
    expect(row).not.toContain('data-action="refund"');
    // the state filter: not among the refunded ones yet
    expect(rowOf((await boGet('/returns?state=refunded', s.cookie)).body, rma)).toBeUndefined();

    // the first post only asks for confirmation and changes nothing
    const ask = await boPost('/returns', { _csrf: s.csrf, action: 'receive', rma }, s.cookie);
    expect(ask.status).toBe(200);
    expect(ask.body).toContain('data-testid="bo-confirm"');
    expect((await returnRow(rma)).status).toBe('approved');
    const received = await boPost('/returns', { _csrf: s.csrf, action: 'receive', rma, step: 'confirm' }, s.cookie);
    expect(received.status).toBe(303);
    expect(received.headers.location).toBe(`/returns?done=receive&rma=${rma}`);
    expect((await returnRow(rma)).status).toBe('received');

    const refundsBefore = await refunds();
    const askRefund = await boPost('/returns', { _csrf: s.csrf, action: 'refund', rma }, s.cookie);
    expect(askRefund.body).toContain('data-testid="bo-confirm"');
    expect(await refunds()).toBe(refundsBefore);
    const refunded = await boPost('/returns', { _csrf: s.csrf, action: 'refund', rma, step: 'confirm' }, s.cookie);
    expect(refunded.status, refunded.body).toBe(303);
    const after = await boGet(`/returns?done=refund&rma=${rma}`, s.cookie);
    expect(after.body).toContain('data-testid="bo-returns-notice"');
    expect(stateOf(after.body, rma)).toBe('refunded');
    expect(rowOf(after.body, rma)).not.toContain('data-testid="bo-return-action"');
    expect(await returnRow(rma)).toMatchObject({ status: 'refunded' });
    const order = await shop.h.db.selectFrom('orders').select('payment_status').where('id', '=', number).executeTakeFirstOrThrow();
    expect(order.payment_status).toBe('refunded');

    // a second refund (a double submission) is refused with a message and changes nothing
    const refundedAt = (await returnRow(rma)).refunded_at;
    const twice = await boPost('/returns', { _csrf: s.csrf, action: 'refund', rma, step: 'confirm' }, s.cookie);
    expect(twice.status).toBe(409);
    expect(twice.body).toContain('data-testid="bo-returns-error"');
    expect(twice.body).toContain(`Nothing changed: ${rma} is refunded now`);
    expect((await returnRow(rma)).refunded_at).toBe(refundedAt);
    expect(await until(refunds, (n) => n >= refundsBefore + 1)).toBe(refundsBefore + 1);

    const audit = await auditOf(rma);
    expect(audit.map((a) => a.action)).toEqual(['returns.receive', 'returns.refund']);
    expect(JSON.parse(audit[1]!.before_json!)).toMatchObject({ state: 'received', order: number });
    expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({ state: 'refunded', order: number });
  });

  it('read-only sees the queue but may not act; the editor may not open it; no CSRF token, no action', async () => {
    const { rma } = await shippedWithdrawal();
    const ro = await staffSession(shop.h, 'read_only');
    const page = await boGet('/returns', ro.cookie);
    expect(page.status).toBe(200);
    expect(rowOf(page.body, rma)).toBeDefined();
    expect(page.body).not.toContain('data-testid="bo-return-action"');
    for (const action of ['approve', 'reject', 'receive', 'refund']) {
      const r: TestResponse = await boPost('/returns', { _csrf: ro.csrf, action, rma, step: 'confirm' }, ro.cookie);
      expect(r.status).toBe(403);
    }
    const editor = await staffSession(shop.h, 'editor');
    expect((await boGet('/returns', editor.cookie)).status).toBe(403);

    const s = await staffSession(shop.h, 'staff');
    expect((await boPost('/returns', { action: 'receive', rma, step: 'confirm' }, s.cookie)).status).toBe(403);
    expect((await boPost('/returns', { _csrf: 'wrong', action: 'receive', rma, step: 'confirm' }, s.cookie)).status).toBe(403);
    expect((await returnRow(rma)).status).toBe('approved');
    expect(await auditOf(rma)).toEqual([]);
  });

  it('bad input gives the page back with a message, never a 500', async () => {
    const s = await staffSession(shop.h, 'staff');
    const bad = await boPost('/returns', { _csrf: s.csrf, action: 'explode', rma: 'RMA-1-1' }, s.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('data-testid="bo-returns-error"');
    const missing = await boPost('/returns', { _csrf: s.csrf, action: 'approve', rma: 'RMA-0-9' }, s.cookie);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('There is no return RMA-0-9.');
    const filter = await boGet('/returns?state=lost', s.cookie);
    expect(filter.status).toBe(400);
    expect(filter.body).toContain('data-testid="bo-returns"');
  });
});

/** A placed invoice order of a shopper with an e-mail of their own (the fixtures' consumer shares one). */
async function ownInvoiceOrder() {
  const customer = { ...consumer('sv'), email: `bo-customer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.se` };
  const v = await shop.ready('invoice', { customer });
  const r = await place(v.id);
  expect(r.status, r.body).toBe(200);
  const [order] = await shop.ordersOf(v.id);
  return { customer, number: order!.id };
}

describe('back office /customers', () => {
  it('anonymise: refused with an open order, done without it — the data gone from /customers, the orders kept', async () => {
    const { customer, number } = await ownInvoiceOrder();
    const account = (await createCustomer(shop.h.db, customer.email, `${customer.first_name} ${customer.last_name}`))!;
    const s = await staffSession(shop.h, 'staff');

    const found = await boGet(`/customers?q=${encodeURIComponent(customer.email)}`, s.cookie);
    expect(found.status).toBe(200);
    expect(found.body).toContain('data-testid="bo-customers"');
    expect(found.body).toContain(`data-testid="bo-customer-row" data-id="${account.id}"`);
    const one = await boGet(`/customers/${account.id}`, s.cookie);
    expect(one.status).toBe(200);
    expect(one.body).toContain(`data-testid="bo-customer-order" data-number="${number}"`);
    expect(one.body).toContain(customer.email);

    // the confirm step names what is kept; the confirmed post is refused while the order is open
    const ask = await boPost(`/customers/${account.id}`, { _csrf: s.csrf, action: 'anonymise' }, s.cookie);
    expect(ask.status).toBe(200);
    expect(ask.body).toContain('data-testid="bo-confirm"');
    expect(ask.body).toContain('Kept, as bookkeeping law requires');
    const refused = await boPost(`/customers/${account.id}`, { _csrf: s.csrf, action: 'anonymise', step: 'confirm' }, s.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body).toContain('data-testid="bo-customers-error"');
    expect(refused.body).toContain(`has orders in progress (${number})`);
    expect((await boGet(`/customers?q=${encodeURIComponent(customer.email)}`, s.cookie)).body).toContain(`data-id="${account.id}"`);

    // the order cancelled: anonymised; a repeat changes nothing and writes no second audit row
    await cancelOrder(shop.h.db, number, 'staff-api');
    const done = await boPost(`/customers/${account.id}`, { _csrf: s.csrf, action: 'anonymise', step: 'confirm' }, s.cookie);
    expect(done.status, done.body).toBe(303);
    expect(done.headers.location).toBe(`/customers/${account.id}?done=anonymise`);
    expect((await boPost(`/customers/${account.id}`, { _csrf: s.csrf, action: 'anonymise', step: 'confirm' }, s.cookie)).status).toBe(303);
    const after = await boGet(`/customers/${account.id}?done=anonymise`, s.cookie);
    expect(after.body).toContain('data-testid="bo-customers-notice"');
    expect(after.body).toContain('data-anonymised="1"');
    expect(after.body).not.toContain(customer.email);
    expect(after.body).not.toContain(customer.last_name);
    expect(after.body).not.toContain('data-testid="bo-customer-anonymise"');
    expect(after.body).toContain(`data-number="${number}"`); // the order is kept
    expect((await boGet(`/customers?q=${encodeURIComponent(customer.email)}`, s.cookie)).body).toContain(
      'data-testid="bo-customers-empty"',
    );
    const order = await shop.h.db
      .selectFrom('orders')
      .select(['id', 'email', 'total_minor'])
      .where('id', '=', number)
      .executeTakeFirstOrThrow();
    expect(order.email).toBe(`erased-${account.id}@erased.invalid`);
    const audit = await shop.h.db
      .selectFrom('staff_audit')
      .select(['action', 'before_json', 'after_json'])
      .where('subject_type', '=', 'customer')
      .where('subject_id', '=', String(account.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe('customers.anonymise');
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ anonymised: true, orders: 1 });
    expect(audit[0]!.before_json).not.toContain(customer.email);
  });

  it('editor gets 403; read_only sees but may not anonymise; no CSRF token, no action; bad input is a page', async () => {
    const { customer } = await ownInvoiceOrder();
    const account = (await createCustomer(shop.h.db, customer.email, 'Read Only Case'))!;
    const editor = await staffSession(shop.h, 'editor');
    expect((await boGet('/customers', editor.cookie)).status).toBe(403);
    expect((await boGet(`/customers/${account.id}`, editor.cookie)).status).toBe(403);
    const ro = await staffSession(shop.h, 'read_only');
    const page = await boGet(`/customers/${account.id}`, ro.cookie);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('data-testid="bo-customer-anonymise"');
    expect((await boPost(`/customers/${account.id}`, { _csrf: ro.csrf, action: 'anonymise', step: 'confirm' }, ro.cookie)).status).toBe(
      403,
    );
    const s = await staffSession(shop.h, 'staff');
    expect((await boPost(`/customers/${account.id}`, { action: 'anonymise', step: 'confirm' }, s.cookie)).status).toBe(403);
    const c = await shop.h.db.selectFrom('customers').select('email').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(c.email).toBe(customer.email);

    const short = await boGet('/customers?q=a', s.cookie);
    expect(short.status).toBe(400);
    expect(short.body).toContain('Type 2 to 200 characters');
    expect((await boGet('/customers/999999999', s.cookie)).status).toBe(404);
    expect((await boGet('/customers/abc', s.cookie)).status).toBe(404);
  });
});
