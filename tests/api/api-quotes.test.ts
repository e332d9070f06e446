/**
 * Quotes over HTTP (docs/product/quotes.md), on the engine under test: a signed-in customer asks on their cart from
 * /my-account/quotes, staff answer on the back office's quote page (CSRF, audited, the buyer e-mailed), the buyer
 * accepts into a checkout priced at the quote and places the order at the quoted total, once; an expired quote is
 * refused in the visitor's language; another customer gets 404 for the id; a cross-site form and a read-only member's
 * post change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutViewSchema, placeOrderResponseSchema } from '#lib/api/checkout-contracts.ts';
import { request, postJson, type TestResponse } from '#tests/support/http.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { consumer } from '#tests/support/checkout-customers.ts';
import { api, openTestDb, productsOf, raw, type TestProduct } from './api-support.ts';
import { accountCookies } from './account-session.ts';
import { boGet, boPost, csrfOf, staffSession } from './backoffice-session.ts';

const PASSWORD = 'quote test 1';
const run = Date.now();
const email = (who: string) => `${who}-${run}@example.se`;
let h: DbHandle;
let parts: TestProduct[];

async function customer(who: string): Promise<string> {
  const c = (await createCustomer(h.db, email(who), who))!;
  await h.db
    .updateTable('customers')
    .set({ password_hash: await hashPassword(PASSWORD) })
    .where('id', '=', c.id)
    .execute();
  return accountCookies(email(who), PASSWORD);
}

const ORIGIN = raw('').replace(/\/$/, '');
const post = (cookie: string, fields: Record<string, string>, origin = ORIGIN): Promise<TestResponse> =>
  request(raw('/my-account/quotes'), {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
const reasonOf = (r: TestResponse) => /data-testid="quotes-refused" data-reason="(\w+)"/.exec(r.body)?.[1];

async function ask(cookie: string): Promise<string> {
  const lines = JSON.stringify([
    { sku: parts[0]!.sku, quantity: 2 },
    { sku: parts[1]!.sku, quantity: 1 },
  ]);
  const r = await post(cookie, { action: 'ask', lines, comment: 'Projekt 7' });
  expect(r.status, r.body.slice(0, 300)).toBe(303);
  const id = /quote=(Q-[\w-]+)/.exec(r.headers.location ?? '')?.[1];
  expect(id).toBeTruthy();
  return id!;
}

/** Staff answer at 10 % below the asked prices; answers the quoted total. */
async function answer(id: string, validUntil: string): Promise<number> {
  const s = await staffSession(h, 'staff');
  const page = await boGet(`/quotes/${id}`, s.cookie);
  expect(page.status).toBe(200);
  // the prices the server asked at (tiers and campaigns of the day), 10 % off
  const row = await h.db.selectFrom('quotes').select('lines').where('id', '=', id).executeTakeFirstOrThrow();
  const asked = (JSON.parse(row.lines) as { unit_price_minor: number; quantity: number }[]).map((l) => l.unit_price_minor);
  expect(asked).toHaveLength(2);
  const prices = asked.map((m) => Math.floor(m * 0.9));
  const body = new URLSearchParams({
    _csrf: csrfOf(page.body),
    action: 'answer',
    valid_until: validUntil,
    answer_text: 'Pris för projekt 7',
  });
  for (const p of prices) body.append('price', (p / 100).toFixed(2));
  const r = await request(`http://admin.localhost:${new URL(raw('')).port}/quotes/${id}`, {
    method: 'POST',
    headers: {
      cookie: s.cookie,
      origin: `http://admin.localhost:${new URL(raw('')).port}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: body.toString(),
  });
  expect(r.status, /bo-quote-error">([^<]*)/.exec(r.body)?.[1]).toBe(303);
  return prices[0]! * 2 + prices[1]!;
}

const localToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
const dayOffset = (days: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  h = openTestDb();
  parts = (await productsOf(h, 'sv'))
    .filter((p) => p.orderable === 1 && p.stock_status === 'in-stock' && p.stock_quantity >= 20)
    .slice(-40, -38);
  expect(parts).toHaveLength(2);
});
afterAll(async () => {
  await h.db.destroy();
});

describe('quotes', () => {
  it('ask → staff answer → accept → order at the quoted total, once; another customer gets 404', async () => {
    const anna = await customer('anna');
    const page = await request(raw('/my-account/quotes'), { headers: { cookie: anna } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-testid="quotes"');
    // a form from another site changes nothing
    expect((await post(anna, { action: 'ask', lines: '[]', comment: '' }, 'https://evil.example')).status).toBe(403);

    const id = await ask(anna);
    const mine = await request(raw(`/my-account/quotes?quote=${id}`), { headers: { cookie: anna } });
    expect(mine.body).toContain(`data-id="${id}" data-status="open"`);

    const staff = await staffSession(h, 'staff');
    const list = await boGet('/quotes?status=open', staff.cookie);
    expect(list.body).toContain(`data-testid="bo-quote-row" data-id="${id}" data-state="open"`);
    const quoted = await answer(id, dayOffset(10));
    const audit = await h.db.selectFrom('staff_audit').select(['action', 'after_json']).where('subject_id', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(['quotes.answer']);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ status: 'answered', quotedTotalMinor: quoted });
    const mail = await h.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', email('anna'))
      .where('kind', '=', 'quote_answer')
      .execute();
    expect(mail.some((m) => m.text_body.includes(`/my-account/quotes?quote=${id}`))).toBe(true);

    // another customer cannot accept it by its id
    const bob = await customer('bob');
    const theirs = await post(bob, { action: 'accept', quote_id: id });
    expect(theirs.status).toBe(404);
    expect(reasonOf(theirs)).toBe('not_found');

    const accepted = await post(anna, { action: 'accept', quote_id: id });
    expect(accepted.status).toBe(303);
    const checkoutId = /\/checkout\/([\w-]+)$/.exec(accepted.headers.location ?? '')?.[1];
    expect(checkoutId).toBeTruthy();
    const url = api(`/api/checkout/${checkoutId}`);
    const step1 = await postJson(url, { customer: consumer('sv'), coupons: ['CUSTOMERDISCOUNT'] }, { cookie: anna });
    expect(step1.status, step1.body).toBe(200);
    const step2 = await postJson(url, { shipping_option_id: 'postnord-home', payment_method: 'invoice' }, { cookie: anna });
    expect(step2.status, step2.body).toBe(200);
    const v = checkoutViewSchema.parse(step2.json());
    expect(v.totals.goods_minor).toBe(quoted);
    expect(v.totals.discount_minor).toBe(0);
    // without the buyer's session the quoted checkout is not priced
    expect((await postJson(url, { payment_method: 'invoice' })).status).toBe(409);
    const placed = await postJson(api(`/api/checkout/${checkoutId}/place`), { terms_accepted: true }, { cookie: anna });
    expect(placed.status, placed.body).toBe(200);
    const number = placeOrderResponseSchema.parse(placed.json()).order_number!;
    const order = await h.db.selectFrom('orders').select(['total_minor', 'details']).where('id', '=', number).executeTakeFirstOrThrow();
    expect(Number(order.total_minor)).toBe(quoted + v.totals.shipping_minor);
    expect(JSON.parse(order.details).quote_id).toBe(id);

    const again = await post(anna, { action: 'accept', quote_id: id });
    expect(again.status).toBe(409);
    expect(reasonOf(again)).toBe('used');
    expect(again.body).toContain('offerten har redan använts');
  });

  it('an expired quote is refused in the visitor language; a read-only member cannot answer', async () => {
    const cia = await customer('cia');
    const id = await ask(cia);
    const reader = await staffSession(h, 'read_only');
    const page = await boGet(`/quotes/${id}`, reader.cookie);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('data-testid="bo-quote-answer"');
    expect((await boPost(`/quotes/${id}`, { _csrf: reader.csrf, action: 'decline' }, reader.cookie)).status).toBe(403);

    await answer(id, localToday());
    // the last day passes
    await h.db
      .updateTable('quotes')
      .set({ valid_until: dayOffset(-1) })
      .where('id', '=', id)
      .execute();
    const list = await request(raw('/my-account/quotes'), { headers: { cookie: cia } });
    expect(list.body).toContain(`data-id="${id}" data-status="expired"`);
    const r = await post(cia, { action: 'accept', quote_id: id });
    expect(r.status).toBe(409);
    expect(reasonOf(r)).toBe('expired');
    expect(r.body).toContain('offerten har gått ut');
  });
});
