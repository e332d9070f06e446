/**
 * My account and guest order pages, fetched as the server renders them (docs/product/account-pages.md):
 * who sees which order (IDOR attempts by number, by storefront, by guest token), the login prompt, no-store,
 * and the profile form (per-storefront rules, cross-site posts, the verified e-mail change).
 */
import { isSuppressed, suppressAddress } from '#server/mail/suppressions.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer } from '#tests/support/test-customers.ts';
import { DEMO_ORDER } from '#server/seed/demo-guest-order.ts';
import { formatOrderNumber } from '#lib/orders/order-number.ts';
import { placeOrderResponseSchema } from '#lib/api/checkout-contracts.ts';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { request, type TestResponse } from '#tests/support/http.ts';
import { CUSTOMERS } from '#tests/support/checkout-customers.ts';
import { inStock, place, useCheckoutApi } from './checkout-api-fixtures.ts';
import { raw } from './api-support.ts';
import { accountCookies, guestCookies } from './account-session.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(5)).slice(-4) } });

const stamp = Date.now().toString(36);
const ALICE = { email: `alice-${stamp}@pages.test`, password: 'alice-pages-1', name: 'Alice Page' };
const BOB = { email: `bob-${stamp}@pages.test`, password: 'bob-pages-1', name: 'Bob Page' };
const CAROL = { email: `carol-${stamp}@pages.test`, password: 'carol-pages-1', name: 'Carol Page' };
const ids: Record<string, number> = {};
/** Alice's order placed at the checkout as a guest with her e-mail; Bob's, linked to his account by id. */
let aliceOrder = '';
let bobOrder = '';
/** Placed while logged in (customer_id) with another e-mail: still Alice's. */
const aliceLinked = `PG-${stamp}-L`;

const addCustomer = (c: typeof ALICE) => insertCustomer(shop.h.db, c);

async function placeFor(email: string): Promise<string> {
  const v = await shop.ready('invoice', { customer: { ...CUSTOMERS.sv, email } });
  const r = await place(v.id);
  expect(r.status, r.body).toBe(200);
  return placeOrderResponseSchema.parse(r.json()).order_number!;
}

beforeAll(async () => {
  ids.alice = await addCustomer(ALICE);
  ids.bob = await addCustomer(BOB);
  ids.carol = await addCustomer(CAROL);
  aliceOrder = await placeFor(ALICE.email.toUpperCase());
  bobOrder = await placeFor(`bob-shop-${stamp}@pages.test`);
  await shop.h.db.updateTable('orders').set({ customer_id: ids.bob }).where('id', '=', bobOrder).execute();
  const source = await shop.h.db.selectFrom('orders').selectAll().where('id', '=', aliceOrder).executeTakeFirstOrThrow();
  await shop.h.db
    .insertInto('orders')
    .values({ ...source, id: aliceLinked, email: `work-${stamp}@pages.test`, customer_id: ids.alice, checkout_id: null, status: 'shipped' })
    .execute();
});

afterAll(async () => {
  await shop.h.db.deleteFrom('mail_outbox').where('kind', '=', 'verify_email').where('recipient', 'like', `%${stamp}@pages.test`).execute();
  if (Object.keys(ids).length) await shop.h.db.deleteFrom('auth_one_time_tokens').where('customer_id', 'in', Object.values(ids)).execute();
});

const page = (path: string, cookie = '', locale: LocaleCode = 'sv') => request(raw(path, locale), { headers: cookie ? { cookie } : {} });

function expectPersonal(r: TestResponse): void {
  expect(r.headers['cache-control']).toBe('no-store');
  expect(r.body).toContain('<meta name="robots" content="noindex"');
}

describe('a visitor who is not logged in', () => {
  it.each(['/my-account', '/my-account/orders', '/my-account/profile/edit'])(
    '%s shows the login prompt that opens the login dialog',
    async (path) => {
      const r = await page(path);
      expect(r.status).toBe(200);
      expectPersonal(r);
      expect(r.body).toContain('data-testid="account-login-prompt"');
      expect(r.body).toContain(`href="${path}?login"`);
      expect(r.body).not.toContain('data-testid="account-nav"');
    },
  );

  it("sees the prompt, not the order, for an existing order's page", async () => {
    const r = await page(`/my-account/orders/${aliceOrder}`);
    expect(r.body).toContain('data-testid="account-login-prompt"');
    expect(r.body).not.toContain('data-testid="account-order"');
    expect(r.body).not.toContain(ALICE.email);
  });
});

describe("a customer's orders", () => {
  it('lists the orders placed with the account e-mail or linked to the account, with status in words, and no one else’s', async () => {
    const cookie = await accountCookies(ALICE.email, ALICE.password);
    const r = await page('/my-account/orders', cookie);
    expect(r.status).toBe(200);
    expectPersonal(r);
    expect(r.body).toContain('data-testid="account-nav"');
    expect(r.body).toContain('data-testid="account-orders"');
    expect(r.body).toContain(`data-order-number="${aliceOrder}"`);
    expect(r.body).toContain(`data-order-number="${aliceLinked}"`);
    expect(r.body).not.toContain(`data-order-number="${bobOrder}"`);
    expect(r.body).toContain(`href="/my-account/orders/${aliceOrder}"`);
    expect(r.body).toMatch(/data-status="shipped"[^>]*>\s*Skickad/);
  });

  it('shows one order with lines, totals, shipping, payment and delivery estimate', async () => {
    const cookie = await accountCookies(ALICE.email, ALICE.password);
    const r = await page(`/my-account/orders/${aliceOrder}`, cookie);
    expect(r.status).toBe(200);
    expectPersonal(r);
    const order = await shop.h.db.selectFrom('orders').select(['total_minor']).where('id', '=', aliceOrder).executeTakeFirstOrThrow();
    expect(r.body).toContain('data-testid="account-order"');
    expect(r.body).toContain('data-testid="order-line"');
    expect(r.body).toContain(`data-testid="order-total" data-amount-minor="${order.total_minor}"`);
    expect(r.body).toContain('data-testid="order-delivery-estimate"');
    expect(r.body).toContain('data-testid="order-payment" data-method="invoice"');
    expect(r.body).toContain('data-testid="order-shipping"');
  });

  it("answers another customer's order, an unknown number and another storefront alike: 404 without the order", async () => {
    const cookie = await accountCookies(ALICE.email, ALICE.password);
    const other = await page(`/my-account/orders/${bobOrder}`, cookie);
    const unknown = await page('/my-account/orders/999999999', cookie);
    const elsewhere = await page(`/my-account/orders/${aliceOrder}`, cookie, 'fi');
    for (const r of [other, unknown, elsewhere]) {
      expect(r.status).toBe(404);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.body).toContain('data-testid="not-found"');
      expect(r.body).not.toContain('data-testid="account-order"');
    }
    expect(other.body).not.toContain(`bob-shop-${stamp}`);
    expect((await page(`/my-account/orders/${bobOrder}`, await accountCookies(BOB.email, BOB.password))).status).toBe(200);
  });

  it('greets the customer on the overview with the latest orders', async () => {
    const cookie = await accountCookies(ALICE.email, ALICE.password);
    const r = await page('/my-account', cookie);
    expect(r.status).toBe(200);
    expect(r.body).toContain(`Hej ${ALICE.name}!`);
    expect(r.body).toContain(`data-order-number="${aliceOrder}"`);
    expect(r.body).not.toContain(`data-order-number="${bobOrder}"`);
  });
});

describe('guest order pages', () => {
  it('shows the one order the guest session names; any other id is the form with 404, alike for existing and unknown', async () => {
    const cookie = await guestCookies(aliceOrder, ALICE.email);
    const own = await page(`/my-order/${aliceOrder}`, cookie);
    expect(own.status).toBe(200);
    expectPersonal(own);
    expect(own.body).toContain(`data-testid="account-order" data-order-number="${aliceOrder}"`);
    const other = await page(`/my-order/${bobOrder}`, cookie);
    const unknown = await page('/my-order/999999999', cookie);
    for (const r of [other, unknown]) {
      expect(r.status).toBe(404);
      expect(r.body).toContain('data-testid="guest-order-form"');
      expect(r.body).not.toContain('data-testid="account-order"');
    }
    expect(other.body.replaceAll(bobOrder, '')).toBe(unknown.body.replaceAll('999999999', ''));
  });

  it('shows the seeded demo guest order with its lines and total', async () => {
    const cookie = await guestCookies(DEMO_ORDER.id, DEMO_ORDER.email);
    const r = await page(`/my-order/${DEMO_ORDER.id}`, cookie);
    expect(r.status).toBe(200);
    const row = await shop.h.db.selectFrom('orders').select(['items', 'total']).where('id', '=', DEMO_ORDER.id).executeTakeFirstOrThrow();
    const items = JSON.parse(row.items) as { sku: string }[];
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) expect(r.body).toContain(`data-testid="order-line" data-sku="${i.sku}"`);
    expect(r.body).toContain(`data-testid="order-total" data-amount-minor="${Math.round(Number(row.total) * 100)}"`);
    expect(r.body).toMatch(/data-status="shipped"[^>]*>\s*Skickad/);
  });

  it('shows an order made before checkout snapshots (no details, no checkout) with its lines and total', async () => {
    // a number from the reserved sequences (src/lib/orders/order-number.ts): the guest login reads it by the rule
    const legacy = { id: formatOrderNumber(100_094), email: `legacy-${stamp}@pages.test` };
    const sku = shop.pool('sv')[0]!.sku;
    await shop.h.db.deleteFrom('orders').where('id', '=', legacy.id).execute();
    await shop.h.db
      .insertInto('orders')
      .values({
        id: legacy.id,
        locale: 'sv',
        email: legacy.email,
        customer_id: null,
        status: 'shipped',
        currency: 'SEK',
        total: 250,
        items: JSON.stringify([{ sku, name: 'Old line', quantity: 2, price: 125 }]),
        created_at: '2026-01-10T10:00:00.000Z',
      })
      .execute();
    const r = await page(`/my-order/${legacy.id}`, await guestCookies(legacy.id, legacy.email));
    expect(r.status).toBe(200);
    expect(r.body).toContain(`data-testid="order-line" data-sku="${sku}"`);
    expect(r.body).toContain('data-testid="order-total" data-amount-minor="25000"');
    expect(r.body).toMatch(/data-status="shipped"[^>]*>\s*Skickad/);
  });

  it('shows the form without a session, and the order to nobody', async () => {
    const form = await page('/my-order');
    expect(form.status).toBe(200);
    expectPersonal(form);
    expect(form.body).toContain('data-testid="guest-order-form"');
    const r = await page(`/my-order/${aliceOrder}`);
    expect(r.status).toBe(404);
    expect(r.body).not.toContain('data-testid="account-order"');
  });

  it('a guest session opens no account page, and a customer is sent from /my-order/{id} to their account order', async () => {
    const guest = await guestCookies(aliceOrder, ALICE.email);
    const account = await page('/my-account/orders', guest);
    expect(account.body).toContain('data-testid="account-login-prompt"');
    expect(account.body).toContain('data-testid="account-guest-order"');
    expect(account.body).not.toContain('data-testid="account-orders"');
    const redirected = await page(`/my-order/${aliceOrder}`, await accountCookies(ALICE.email, ALICE.password));
    expect(redirected.status).toBe(303);
    expect(redirected.headers.location).toBe(`/my-account/orders/${aliceOrder}`);
  });
});

describe("the confirmation e-mail's link to the order", () => {
  const linkOf = async (number: string) => {
    const mail = await shop.h.db
      .selectFrom('mail_outbox')
      .select(['text_body', 'html_body'])
      .where('dedupe_key', '=', `order_confirmation:${number}`)
      .executeTakeFirstOrThrow();
    const m = new RegExp(`https?://[^\\s"]+(/my-order/${number}\\?link=([\\w-]{43}))`).exec(mail.text_body);
    expect(m, mail.text_body).not.toBeNull();
    expect(mail.html_body).toContain(m![2]);
    return { path: m![1]!, token: m![2]! };
  };
  const open = (path: string, token: string, origin = raw('', 'sv')) =>
    request(raw(path, 'sv'), {
      method: 'POST',
      body: form({ token }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    });
  const cookiesOf = (r: TestResponse) => (r.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).join('; ');

  it('asks before using the link, then signs the guest in to that one order, once', async () => {
    const { path, token } = await linkOf(aliceOrder);
    const ask = await page(path);
    expect(ask.status).toBe(200);
    expectPersonal(ask);
    expect(ask.body).toContain('data-testid="guest-order-link-open"');
    expect(ask.body).not.toContain('data-testid="account-order"');

    const opened = await open(path, token);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(`/my-order/${aliceOrder}`);
    const cookie = cookiesOf(opened);
    expect(cookie).toContain('pf_access=');
    const shown = await page(`/my-order/${aliceOrder}`, cookie);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain(`data-testid="account-order" data-order-number="${aliceOrder}"`);
    expect((await page(`/my-order/${bobOrder}`, cookie)).status).toBe(404);

    const again = await open(path, token);
    expect(again.status).toBe(400);
    expect(again.body).toContain('data-testid="guest-order-link-refused"');
    expect(again.body).toContain(`value="${aliceOrder}"`);
    expect(again.headers['set-cookie'] ?? []).toEqual([]);
    expect((await page(path)).body).toContain('data-testid="guest-order-link-refused"');
  });

  it("opens nothing with another order's link, from another site, or on another storefront", async () => {
    const { path, token } = await linkOf(bobOrder);
    const onOther = await open(`/my-order/${aliceOrder}?link=${token}`, token);
    expect(onOther.status).toBe(400);
    expect(onOther.body).not.toContain('data-testid="account-order"');
    const crossSite = await open(path, token, 'https://evil.example');
    expect(crossSite.status).toBe(400);
    expect(crossSite.headers['set-cookie'] ?? []).toEqual([]);
    const fi = await request(raw(path, 'fi'), {
      method: 'POST',
      body: form({ token }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: raw('', 'fi') },
    });
    expect(fi.status).toBe(400);
    // none of these spent it: the shop's own page still opens Bob's order with it
    const opened = await open(path, token);
    expect(opened.status).toBe(303);
  });
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const CAROL_FORM = (locale: LocaleCode, extra: Record<string, string> = {}) => ({
  name: CAROL.name,
  email: CAROL.email,
  phone: CUSTOMERS[locale].mobile,
  street: CUSTOMERS[locale].street,
  postal_code: CUSTOMERS[locale].postal_code,
  city: CUSTOMERS[locale].city,
  customer_type: 'consumer',
  ...extra,
});

async function postProfile(cookie: string, fields: Record<string, string>, locale: LocaleCode = 'sv', origin = raw('', locale)) {
  return request(raw('/my-account/profile/edit', locale), {
    method: 'POST',
    body: form(fields),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin },
  });
}
const carol = () => shop.h.db.selectFrom('customers').selectAll().where('id', '=', ids.carol).executeTakeFirstOrThrow();

describe('profile edit', () => {
  it('refuses what the storefront does not accept, with its messages, and keeps what was typed', async () => {
    const cookie = await accountCookies(CAROL.email, CAROL.password);
    const before = await carol();
    const sv = CUSTOMERS.sv;
    const r = await postProfile(
      cookie,
      CAROL_FORM('sv', {
        phone: sv.bad_mobile,
        postal_code: sv.bad_postal_code,
        customer_type: 'business',
        organisation_number: '556012-5791',
      }),
    );
    expect(r.status).toBe(400);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toContain('data-testid="profile-form"');
    const problems = [...r.body.matchAll(/data-testid="profile-problem" data-field="(\w+)">\s*([^<]+)/g)].map((m) => [m[1], m[2]!.trim()]);
    expect(problems).toEqual([
      ['phone', 'Ange ett mobilnummer som börjar med 07.'],
      ['postal_code', 'Ange ett postnummer med fem siffror, t.ex. 123 45.'],
      ['company_name', 'Fyll i fältet.'],
      ['organisation_number', 'Organisationsnumret är inte giltigt.'],
    ]);
    expect(r.body).toContain(`value="${sv.bad_postal_code}"`);
    expect(await carol()).toEqual(before);
  });

  it('answers in the language of the storefront (nl)', async () => {
    const cookie = await accountCookies(CAROL.email, CAROL.password, 'nl');
    const r = await postProfile(cookie, CAROL_FORM('nl', { postal_code: CUSTOMERS.nl.bad_postal_code }), 'nl');
    expect(r.status).toBe(400);
    expect(r.body).toContain('Vul een postcode in als 1234 AB.');
  });

  it('saves normalised values per storefront, with the consent time, and redirects to the form', async () => {
    const cookie = await accountCookies(CAROL.email, CAROL.password);
    const r = await postProfile(
      cookie,
      CAROL_FORM('sv', {
        customer_type: 'business',
        company_name: CUSTOMERS.sv.company_name,
        organisation_number: '5560125790',
        marketing_consent: 'on',
      }),
    );
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/my-account/profile/edit?saved=1');
    const saved = await carol();
    expect(saved).toMatchObject({
      email: CAROL.email,
      phone: '0701234567',
      postal_code: '11151',
      customer_type: 'business',
      company_name: CUSTOMERS.sv.company_name,
      organisation_number: '556012-5790',
      marketing_consent: 1,
      pending_email: null,
    });
    expect(Date.parse(saved.marketing_consent_at!)).toBeGreaterThan(Date.now() - 60_000);
    const shown = await page('/my-account/profile/edit?saved=1', cookie);
    expect(shown.body).toContain('data-testid="profile-saved"');
    expect(shown.body).toContain('value="0701234567"');

    // Saving again without a change of consent keeps its time; a consumer keeps no company details.
    const again = await postProfile(cookie, CAROL_FORM('sv', { marketing_consent: 'on' }));
    expect(again.status).toBe(303);
    const after = await carol();
    expect(after.marketing_consent_at).toBe(saved.marketing_consent_at);
    expect(after).toMatchObject({ customer_type: 'consumer', company_name: '', organisation_number: '' });
  });

  it('consent given again after an unsubscribe lifts the suppression; unticked, it stays withdrawn', async () => {
    const cookie = await accountCookies(CAROL.email, CAROL.password);
    await suppressAddress(shop.h.db, { email: CAROL.email, locale: 'sv', reason: 'unsubscribe_link' });
    expect(await carol()).toMatchObject({ marketing_consent: 0 });
    expect(await isSuppressed(shop.h.db, CAROL.email)).toBe(true);
    expect((await postProfile(cookie, CAROL_FORM('sv', {}))).status).toBe(303);
    expect(await isSuppressed(shop.h.db, CAROL.email)).toBe(true);
    expect((await postProfile(cookie, CAROL_FORM('sv', { marketing_consent: 'on' }))).status).toBe(303);
    expect(await carol()).toMatchObject({ marketing_consent: 1 });
    expect(await isSuppressed(shop.h.db, CAROL.email)).toBe(false);
  });

  it('refuses a cross-site post and changes nothing', async () => {
    const cookie = await accountCookies(CAROL.email, CAROL.password);
    const before = await carol();
    const r = await postProfile(cookie, CAROL_FORM('sv', { name: 'Mallory' }), 'sv', 'https://evil.example');
    expect(r.status).toBe(403);
    expect(r.body).toContain('data-testid="profile-refused"');
    expect(await carol()).toEqual(before);
  });

  it('changes the e-mail only through the verification link, which works once', async () => {
    const cookie = await accountCookies(CAROL.email, CAROL.password);
    const next = `carol-new-${stamp}@pages.test`;
    const r = await postProfile(cookie, CAROL_FORM('sv', { email: next.toUpperCase() }));
    expect(r.status).toBe(303);
    expect(await carol()).toMatchObject({ email: CAROL.email, pending_email: next });
    const mail = await shop.h.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', next)
      .where('kind', '=', 'verify_email')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(LOCALES.sv.brand);
    const link = /https?:\/\/\S+verify_email=([\w-]+)/.exec(mail.text_body);
    expect(link).not.toBeNull();
    expect(mail.html_body).toContain(link![1]);
    const path = new URL(link![0]).pathname + new URL(link![0]).search;
    // saving the form as shown (the pending address in it) sends no second link; the first stays good
    expect((await postProfile(cookie, CAROL_FORM('sv', { email: next, city: 'Uppsala' }))).status).toBe(303);
    const mails = await shop.h.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', '=', next)
      .where('kind', '=', 'verify_email')
      .execute();
    expect(mails).toHaveLength(1);
    expect(await carol()).toMatchObject({ email: CAROL.email, pending_email: next, city: 'Uppsala' });

    const ask = await page(path);
    expect(ask.status).toBe(200);
    expect(ask.body).toContain('data-testid="verify-email-confirm"');
    expect(await carol()).toMatchObject({ email: CAROL.email });

    const confirm = () =>
      request(raw('/my-account/profile/edit?verify_email', 'sv'), {
        method: 'POST',
        body: form({ token: link![1]! }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: raw('', 'sv') },
      });
    const first = await confirm();
    expect(first.status).toBe(200);
    expect(first.body).toContain('data-outcome="ok"');
    expect(await carol()).toMatchObject({ email: next, pending_email: null });
    const second = await confirm();
    expect(second.status).toBe(400);
    expect(second.body).toContain('data-outcome="invalid"');
    // back to the address the other tests log in with
    await shop.h.db.updateTable('customers').set({ email: CAROL.email }).where('id', '=', ids.carol).execute();
  });
});
