/**
 * Subscriptions end to end over the real server (docs/product/subscriptions.md): the cart keeps subscribed
 * and one-off lines apart and refuses intervals a product does not offer, a subscribed order creates its
 * subscription once, the customer endpoints (IDOR: another customer's id is a 404), and the renewal
 * scheduler run from its command twice on the same day — one order, at the price of that day.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { placeOrderResponseSchema } from '#lib/api/checkout-contracts.ts';
import { syncCartResponseSchema } from '#lib/api/cart-contracts.ts';
import { subscriptionActionResponseSchema, subscriptionListSchema } from '#lib/api/subscription-contracts.ts';
import { CartNotice } from '#lib/cart/server-stock.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { addMonths, calendarDate } from '#lib/subscriptions/schedule.ts';
import { insertCustomer } from '#tests/support/test-customers.ts';
import { consumer } from '#tests/support/checkout-customers.ts';
import { postJson, request } from '#tests/support/http.ts';
import { api, raw, type TestProduct } from './api-support.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { accountCookies } from './account-session.ts';
import { inStock, place, useCheckoutApi } from './checkout-api-fixtures.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(50)) } });

const stamp = Date.now().toString(36);
const ALICE = { email: `alice-${stamp}@subscriptions.test`, password: 'alice-subs-1', name: 'Alice Sub' };
const BOB = { email: `bob-${stamp}@subscriptions.test`, password: 'bob-subs-1', name: 'Bob Sub' };
let aliceCookie = '';
let bobCookie = '';
/** In-stock products offering 3, 6 and 12 months (the seeded filters), and one offering none. */
let filters: TestProduct[] = [];
let plain: TestProduct;

const addCustomer = (c: typeof ALICE) => insertCustomer(shop.h.db, c);

const every = (months: number) => ({ name: '', months });

/** Places an invoice order of `items` as `email`; answers the order number. */
async function order(email: string, items: object[]): Promise<string> {
  const v = await shop.ready('invoice', { customer: { ...consumer('sv'), email }, items: items as { sku: string; quantity: number }[] });
  const r = await place(v.id);
  expect(r.status, r.body).toBe(200);
  return placeOrderResponseSchema.parse(r.json()).order_number!;
}

const list = async (cookie: string) => {
  const r = await request(api('/api/subscriptions'), { headers: { cookie } });
  expect(r.status, r.body).toBe(200);
  return subscriptionListSchema.parse(r.json()).subscriptions;
};
const act = (id: string, body: object, cookie: string) => postJson(api(`/api/subscriptions/${id}`), body, { cookie });
const subscriptionOf = (orderNumber: string) =>
  shop.h.db.selectFrom('subscriptions').selectAll().where('source_order_id', '=', orderNumber).execute();

beforeAll(async () => {
  await addCustomer(ALICE);
  await addCustomer(BOB);
  aliceCookie = await accountCookies(ALICE.email, ALICE.password);
  bobCookie = await accountCookies(BOB.email, BOB.password);
  const offers = await shop.h.db.selectFrom('product_subscription_intervals').select(['product_id', 'months']).execute();
  const monthsOf = (id: number) =>
    offers
      .filter((o) => o.product_id === id)
      .map((o) => Number(o.months))
      .sort((a, b) => a - b);
  filters = shop.pool('sv').filter((p) => monthsOf(p.id).join() === '3,6,12');
  plain = shop.pool('sv').find((p) => monthsOf(p.id).length === 0)!;
  expect(filters.length).toBeGreaterThanOrEqual(3);
});

afterAll(async () => {
  await shop.h.db.deleteFrom('mail_outbox').where('recipient', 'like', `%${stamp}@subscriptions.test`).execute();
});

describe('subscription lines in the cart', () => {
  it('keeps a subscribed and a one-off line of one product apart and names the interval', async () => {
    const p = filters[0]!;
    const r = await postJson(api('/api/sync-cart'), {
      items: [
        { uuid: 's', sku: p.sku, quantity: 1, subscription_interval: every(3) },
        { uuid: 'o', sku: p.sku, quantity: 2, subscription_interval: null },
      ],
    });
    expect(r.status, r.body).toBe(200);
    const lines = syncCartResponseSchema.parse(r.json());
    expect(lines.map((l) => [l.uuid, l.quantity, l.subscription_interval])).toEqual([
      ['s', 1, { name: 'Var 3:e månad', months: 3 }],
      ['o', 2, null],
    ]);
    expect(lines[0]!.price).toBe(lines[1]!.price);
  });

  it('refuses an interval the product does not offer, and any interval on a product without subscriptions', async () => {
    const r = await postJson(api('/api/sync-cart'), {
      items: [
        { uuid: 'a', sku: filters[0]!.sku, quantity: 1, subscription_interval: every(2) },
        { uuid: 'b', sku: plain.sku, quantity: 1, subscription_interval: every(3) },
        { uuid: 'c', sku: filters[0]!.sku, quantity: 1, subscription_interval: { name: 'Var 6:e månad' } },
      ],
    });
    const lines = syncCartResponseSchema.parse(r.json());
    expect(lines.map((l) => [l.uuid, l.quantity, l.cart_notice])).toEqual([
      ['a', 0, CartNotice.SubscriptionUnavailable],
      ['b', 0, CartNotice.SubscriptionUnavailable],
      ['c', 1, null],
    ]);
    expect(lines[2]!.subscription_interval).toEqual({ name: 'Var 6:e månad', months: 6 });
  });

  it('refuses a malformed interval with 400', async () => {
    const r = await postJson(api('/api/sync-cart'), {
      items: [{ sku: filters[0]!.sku, quantity: 1, subscription_interval: { name: 'x', months: 0 } }],
    });
    expect(r.status).toBe(400);
    expect(r.json().error.code).toBe('invalid_request');
  });

  it('the checkout drops a line whose interval is refused and prices the rest', async () => {
    const v = await shop.ready('invoice', {
      items: [
        { sku: filters[1]!.sku, quantity: 1, subscription_interval: every(5) },
        { sku: filters[2]!.sku, quantity: 1, subscription_interval: every(12) },
      ] as unknown as { sku: string; quantity: number }[],
    });
    expect(v.items.map((l) => [l.sku, l.subscription_interval?.months ?? null])).toEqual([[filters[2]!.sku, 12]]);
  });
});

describe('a subscribed order', () => {
  let orderNumber = '';
  let subscriptionId = '';

  beforeAll(async () => {
    orderNumber = await order(ALICE.email, [
      { sku: filters[0]!.sku, quantity: 2, subscription_interval: every(3) },
      { sku: filters[1]!.sku, quantity: 1 },
    ]);
    subscriptionId = (await subscriptionOf(orderNumber))[0]!.id;
  });

  it('creates one subscription for the subscribed line, owned by the order e-mail, first renewal one interval on', async () => {
    const subs = await subscriptionOf(orderNumber);
    expect(subs).toHaveLength(1);
    const today = calendarDate(new Date());
    expect(subs[0]).toMatchObject({
      sku: filters[0]!.sku,
      quantity: 2,
      interval_months: 3,
      status: 'active',
      email: ALICE.email,
      locale: 'sv',
      last_delivery: today,
      next_due: addMonths(today, 3),
      source_line: 0,
    });
  });

  it('placing the completed checkout again creates nothing more', async () => {
    const checkoutId = (await shop.h.db.selectFrom('orders').select('checkout_id').where('id', '=', orderNumber).executeTakeFirstOrThrow())
      .checkout_id!;
    const again = await place(checkoutId);
    expect(again.status).toBe(200);
    expect(placeOrderResponseSchema.parse(again.json()).order_number).toBe(orderNumber);
    expect(await subscriptionOf(orderNumber)).toHaveLength(1);
  });

  it('lists it for its owner only, with the intervals a change may choose', async () => {
    const mine = await list(aliceCookie);
    const s = mine.find((x) => x.id === subscriptionId)!;
    expect(s).toMatchObject({
      sku: filters[0]!.sku,
      status: 'active',
      order_number: orderNumber,
      interval: { months: 3, name: 'Var 3:e månad' },
    });
    expect(s.offered_intervals.map((i) => i.months)).toEqual([3, 6, 12]);
    expect((await list(bobCookie)).map((x) => x.id)).not.toContain(subscriptionId);
  });

  it('answers 401 without a login and 400 without the storefront pair', async () => {
    const anonymous = await request(api('/api/subscriptions'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized');
    const bare = await request(`${api('/api/subscriptions').split('?')[0]}`, { headers: { cookie: aliceCookie } });
    expect(bare.status).toBe(400);
  });

  it("answers another customer's subscription id exactly like an unknown one, and changes nothing (IDOR)", async () => {
    const before = await subscriptionOf(orderNumber);
    for (const body of [{ action: 'skip' }, { action: 'cancel' }, { action: 'interval', months: 6 }]) {
      const r = await act(subscriptionId, body, bobCookie);
      expect(r.status).toBe(404);
      expect(r.json().error.code).toBe('not_found');
    }
    const unknown = await act('00000000-0000-4000-8000-000000000000', { action: 'skip' }, aliceCookie);
    expect(unknown.status).toBe(404);
    expect((await act('not-an-id', { action: 'skip' }, aliceCookie)).status).toBe(404);
    expect(await subscriptionOf(orderNumber)).toEqual(before);
  });

  it('refuses an interval the product does not offer and a malformed action', async () => {
    const refused = await act(subscriptionId, { action: 'interval', months: 2 }, aliceCookie);
    expect(refused.status).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'invalid_request', field: 'months' });
    expect((await act(subscriptionId, { action: 'explode' }, aliceCookie)).status).toBe(400);
    expect((await subscriptionOf(orderNumber))[0]!.interval_months).toBe(3);
  });

  it('skips, changes the interval, pauses, resumes and cancels; a cancelled one refuses further changes', async () => {
    const today = calendarDate(new Date());
    const ok = async (body: object) => {
      const r = await act(subscriptionId, body, aliceCookie);
      expect(r.status, r.body).toBe(200);
      return subscriptionActionResponseSchema.parse(r.json()).subscription;
    };
    expect((await ok({ action: 'skip' })).next_due).toBe(addMonths(today, 6));
    const changed = await ok({ action: 'interval', months: 6 });
    expect(changed).toMatchObject({ interval: { months: 6, name: 'Var 6:e månad' }, next_due: addMonths(today, 6) });
    expect((await ok({ action: 'pause' })).status).toBe('paused');
    const paused = await act(subscriptionId, { action: 'pause' }, aliceCookie);
    expect(paused.status).toBe(409);
    expect(paused.json().error.code).toBe('invalid_transition');
    expect((await ok({ action: 'resume' })).status).toBe('active');
    expect((await ok({ action: 'cancel' })).status).toBe('cancelled');
    expect((await act(subscriptionId, { action: 'skip' }, aliceCookie)).status).toBe(409);
    expect((await list(aliceCookie)).find((x) => x.id === subscriptionId)!.status).toBe('cancelled');
  });
});

describe('the page /my-account/subscriptions', () => {
  let orderNumber = '';
  let id = '';
  const page = (cookie: string, locale: (typeof LOCALE_CODES)[number] = 'sv') =>
    request(raw('/my-account/subscriptions', locale), { headers: cookie ? { cookie } : {} });
  const form = (cookie: string, fields: Record<string, string>, from = raw('/my-account/subscriptions')) =>
    request(raw('/my-account/subscriptions'), {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { cookie, origin: new URL(from).origin, 'content-type': 'application/x-www-form-urlencoded' },
    });

  beforeAll(async () => {
    orderNumber = await order(ALICE.email, [{ sku: filters[1]!.sku, quantity: 1, subscription_interval: every(6) }]);
    id = (await subscriptionOf(orderNumber))[0]!.id;
  });

  it('is personal (no-store, noindex) and lists the owner’s subscriptions with their actions', async () => {
    const r = await page(aliceCookie);
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toContain('<meta name="robots" content="noindex"');
    expect(r.body).toContain('data-testid="subscriptions"');
    expect(r.body).toMatch(
      new RegExp(
        `data-testid="subscription-row"[^>]*data-subscription-id="${id}"[^>]*data-order-number="${orderNumber}"[^>]*data-status="active"`,
      ),
    );
    expect(r.body).toContain('Var 6:e månad');
    expect(r.body).toContain('data-testid="subscription-skip"');
    const bob = await page(bobCookie);
    expect(bob.body).not.toContain(id);
    expect(bob.body).toContain('data-testid="subscriptions-empty"');
    const anonymous = await page('');
    expect(anonymous.body).toContain('data-testid="account-login-prompt"');
    expect(anonymous.body).not.toContain('data-testid="subscriptions"');
  });

  it('is written in every storefront language', async () => {
    for (const locale of LOCALE_CODES) {
      const r = await page(aliceCookie, locale);
      expect(r.status).toBe(200);
      expect(r.body).toContain(`<h1>${translator(locale)('subscriptions.page.title')}</h1>`);
    }
  });

  it('a form post acts on the owner’s subscription and redirects back (303); another customer’s id changes nothing', async () => {
    const before = await subscriptionOf(orderNumber);
    const idor = await form(bobCookie, { id, action: 'cancel' });
    expect(idor.status).toBe(404);
    expect(idor.body).toContain('data-testid="subscription-refused"');
    const crossSite = await form(aliceCookie, { id, action: 'cancel' }, 'https://evil.example/');
    expect(crossSite.status).toBe(403);
    const notOffered = await form(aliceCookie, { id, action: 'interval', months: '2' });
    expect(notOffered.status).toBe(400);
    expect(await subscriptionOf(orderNumber)).toEqual(before);

    const ok = await form(aliceCookie, { id, action: 'interval', months: '12' });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/my-account/subscriptions?done=interval');
    expect((await subscriptionOf(orderNumber))[0]!.interval_months).toBe(12);
    const after = await page(aliceCookie);
    expect(after.body).toContain('Var 12:e månad');
  });
});

describe('the renewal scheduler', () => {
  const runDate = calendarDate(new Date());
  let orderNumber = '';
  let sub: { id: string; sku: string; quantity: number };
  let product: TestProduct;
  let oldPrices = '';

  const renew = () => {
    const r = spawnSync(process.execPath, [path.resolve('scripts/subscriptions.mjs'), 'renew', '--date', runDate], {
      env: { ...process.env, DATABASE_URL: inject('databaseUrl') },
      encoding: 'utf8',
    });
    expect(r.status, r.stderr + r.stdout).toBe(0);
    return r.stdout;
  };
  const renewalsOf = (id: string) => shop.h.db.selectFrom('subscription_renewals').selectAll().where('subscription_id', '=', id).execute();

  beforeAll(async () => {
    product = filters[2]!;
    orderNumber = await order(ALICE.email, [{ sku: product.sku, quantity: 3, subscription_interval: every(3) }]);
    const [row] = await subscriptionOf(orderNumber);
    sub = row!;
    // Due today; and the price has gone up since the order.
    await shop.h.db.updateTable('subscriptions').set({ next_due: runDate }).where('id', '=', sub.id).execute();
    const prices = await shop.h.db
      .selectFrom('product_prices')
      .select('prices')
      .where('product_id', '=', product.id)
      .where('locale', '=', 'sv')
      .executeTakeFirstOrThrow();
    oldPrices = prices.prices;
    await shop.h.db
      .updateTable('product_prices')
      .set({ prices: JSON.stringify({ n: [{ q: 1, p: 345 }] }) })
      .where('product_id', '=', product.id)
      .where('locale', '=', 'sv')
      .execute();
  });

  afterAll(async () => {
    await shop.h.db
      .updateTable('product_prices')
      .set({ prices: oldPrices })
      .where('product_id', '=', product.id)
      .where('locale', '=', 'sv')
      .execute();
  });

  it('run twice on the same day makes one renewal order, at the price of that day, with stock reserved and the renewal e-mail', async () => {
    const stockBefore = (
      await shop.h.db.selectFrom('products').select('stock_quantity').where('id', '=', product.id).executeTakeFirstOrThrow()
    ).stock_quantity;
    const first = renew();
    expect(first).toMatch(/ordered/);
    expect(renew()).toMatch(/ 0 ordered/);

    const renewals = await renewalsOf(sub.id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ due_date: runDate, status: 'ordered' });
    const renewal = await shop.h.db.selectFrom('orders').selectAll().where('id', '=', renewals[0]!.order_id!).executeTakeFirstOrThrow();
    expect(renewal.id).not.toBe(orderNumber);
    expect(renewal.email).toBe(ALICE.email);
    const details = JSON.parse(renewal.details);
    expect(details.lines).toEqual([
      expect.objectContaining({ sku: product.sku, quantity: 3, unit_price_minor: 34500, total_minor: 103500 }),
    ]);
    expect(details.payment).toMatchObject({ method: 'invoice', provider: 'invoice' });
    expect(details.invoice_reference).not.toBeNull();
    expect(renewal.total_minor).toBe(103500 + details.totals.shipping_minor);
    // exactly one order came from the renewal's checkout
    expect(await shop.ordersOf(renewal.checkout_id!)).toHaveLength(1);
    // the renewal does not start a subscription of its own
    expect(await subscriptionOf(renewal.id)).toHaveLength(0);

    const stockAfter = (
      await shop.h.db.selectFrom('products').select('stock_quantity').where('id', '=', product.id).executeTakeFirstOrThrow()
    ).stock_quantity;
    expect(stockAfter).toBe(stockBefore - 3);

    const [s] = await subscriptionOf(orderNumber);
    expect(s).toMatchObject({ next_due: addMonths(runDate, 3), last_delivery: runDate, status: 'active' });

    const mails = await shop.h.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'subscription_renewal')
      .where('recipient', '=', ALICE.email)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe('sv');
    expect(mails[0]!.subject).toContain(`Din prenumeration: order ${renewal.id}`);
    expect(mails[0]!.text_body).toContain(formatMinorPrice(renewal.total_minor!, 'sv'));
    expect(mails[0]!.text_body).toContain('/my-account/subscriptions');
    expect(mails[0]!.html_body).toContain(renewal.id);
  });

  it('a run that stopped before moving the schedule on finishes without a second order', async () => {
    await shop.h.db.updateTable('subscriptions').set({ next_due: runDate }).where('id', '=', sub.id).execute();
    const out = renew();
    expect(out).toMatch(/1 already renewed/);
    expect(await renewalsOf(sub.id)).toHaveLength(1);
    expect((await subscriptionOf(orderNumber))[0]!.next_due).toBe(addMonths(runDate, 3));
    expect(
      await shop.h.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('kind', '=', 'subscription_renewal')
        .where('recipient', '=', ALICE.email)
        .execute(),
    ).toHaveLength(1);
  });

  it('does not renew paused or cancelled subscriptions', async () => {
    await shop.h.db.updateTable('subscriptions').set({ next_due: runDate, status: 'paused' }).where('id', '=', sub.id).execute();
    await shop.h.db.deleteFrom('subscription_renewals').where('subscription_id', '=', sub.id).execute();
    renew();
    expect(await renewalsOf(sub.id)).toHaveLength(0);
  });
});
