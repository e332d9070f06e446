/**
 * Company prices (docs/product/company-prices.md, docs/adr/0035-company-prices.md) against the real server, on SQLite
 * and PostgreSQL: staff set a company's category percent and price-list lines in the back office (CSRF, audit log);
 * a member's cart, checkout totals and placed order carry the best single price — a personal discount higher than
 * the company's wins, never the sum; a customer of another company gets none of it; POST /api/company-prices answers
 * only the caller's own company.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { postJson, request } from '#tests/support/http.ts';
import { consumer } from '#tests/support/checkout-customers.ts';
import { checkoutViewSchema, placeOrderResponseSchema } from '#lib/api/checkout-contracts.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { roundTo } from '#lib/pricing/vat.ts';
import { swedishOrgNumber } from '#tests/support/org-numbers.ts';
import { api } from './api-support.ts';
import { accountCookies } from './account-session.ts';
import { ADMIN, boGet, boPost, staffSession } from './backoffice-session.ts';
import { inStock, useCheckoutApi } from './checkout-api-fixtures.ts';
import type { TestProduct } from './api-support.ts';

const plain = (p: TestProduct) => p.group_id !== 40 && p.discount_category !== 'D';
// from the middle of the in-stock products: other suites take theirs from the ends
const shop = useCheckoutApi({
  products: {
    sv: (all) =>
      all
        .filter(inStock(20))
        .filter(plain)
        .slice(Math.floor(all.length / 8)),
  },
});
const PASSWORD = 'company prices 1';
const run = Date.now();
const email = (who: string) => `prices-${who}-${run}@example.se`;

let pA: TestProduct; // discount category A: the company's percent
let pB: TestProduct; // discount category B: on the price list
let companyA = '';
let companyB = '';
const cookies: Record<string, string> = {};

async function member(who: string, company: string, discounts: Record<string, number> = {}): Promise<void> {
  const c = (await createCustomer(shop.h.db, email(who), who))!;
  await shop.h.db
    .updateTable('customers')
    .set({ password_hash: await hashPassword(PASSWORD), discounts: JSON.stringify(discounts) })
    .where('id', '=', c.id)
    .execute();
  await shop.h.db
    .insertInto('company_members')
    .values({ customer_id: c.id, company_id: company, role: 'buyer', spending_limit_minor: null, created_at: new Date().toISOString() })
    .execute();
  cookies[who] = await accountCookies(email(who), PASSWORD);
}

async function company(name: string, seed: number): Promise<string> {
  const id = randomUUID();
  await shop.h.db
    .insertInto('companies')
    .values({
      id,
      locale: 'sv',
      name,
      organisation_number: swedishOrgNumber(seed),
      vat_number: null,
      peppol_id: null,
      invoice_reference: null,
      billing_street: 'Verkstadsgatan 1',
      billing_postal_code: '111 22',
      billing_city: 'Stockholm',
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

const sync = (who: string | null, items: { sku: string; quantity: number }[]) =>
  postJson(api('/api/sync-cart'), { items }, who ? { cookie: cookies[who]! } : {});
const prices = (who: string | null, skus: string[]) => postJson(api('/api/company-prices'), { skus }, who ? { cookie: cookies[who]! } : {});

beforeAll(async () => {
  const all = shop.pool();
  pA = all.find((p) => p.discount_category === 'A')!;
  pB = all.find((p) => p.discount_category === 'B')!;
  expect(pA && pB).toBeTruthy();
  companyA = await company(`Prisbolaget A ${run}`, run);
  companyB = await company(`Prisbolaget B ${run}`, run + 1);
  await member('anna', companyA); // no personal discount
  await member('per', companyA, { A: 25 }); // a personal discount above the company's
  await member('cia', companyB);

  // staff set company A's prices through the back office
  const staff = await staffSession(shop.h, 'staff');
  const list = await boGet('/companies', staff.cookie);
  expect(list.status).toBe(200);
  expect(list.body).toContain(`data-testid="bo-company-row" data-id="${companyA}"`);
  const self = `/companies/${companyA}`;
  const discount = await boPost(self, { _csrf: staff.csrf, action: 'discount', category: 'A', percent: '10' }, staff.cookie);
  expect(discount.status, discount.body.slice(0, 300)).toBe(303);
  expect(discount.headers.location).toBe(`${self}?done=discount`);
  const net = roundTo(unitPrice(pB.prices, 1) * 0.8, 2); // 20 % off as a net price
  const line = await boPost(self, { _csrf: staff.csrf, action: 'price', sku: pB.sku, price: String(net).replace('.', ',') }, staff.cookie);
  expect(line.status, line.body.slice(0, 300)).toBe(303);
});

describe('company prices in the back office', () => {
  it('shows what was set and wrote the audit log; bad input and a foreign origin change nothing', async () => {
    const staff = await staffSession(shop.h, 'staff');
    const self = `/companies/${companyA}`;
    const page = await boGet(self, staff.cookie);
    expect(page.body).toContain('data-testid="bo-company-discount" data-category="A" data-percent="10"');
    expect(page.body).toContain(`data-testid="bo-company-line" data-sku="${pB.sku}"`);
    const audit = await shop.h.db
      .selectFrom('staff_audit')
      .select(['action', 'after_json'])
      .where('subject_id', '=', companyA)
      .orderBy('at')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['companies.discount', 'companies.price']);

    const bad = await boPost(self, { _csrf: staff.csrf, action: 'discount', category: 'A', percent: '150' }, staff.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('data-testid="bo-company-error"');
    const unknown = await boPost(self, { _csrf: staff.csrf, action: 'price', sku: `NOPE${run}`, price: '10' }, staff.cookie);
    expect(unknown.status).toBe(422);
    const noCsrf = await boPost(self, { action: 'discount', category: 'A', percent: '90' }, staff.cookie);
    expect(noCsrf.status).toBe(403);
    const foreign = await boPost(
      self,
      { _csrf: staff.csrf, action: 'discount', category: 'A', percent: '90' },
      staff.cookie,
      'http://evil.test',
    );
    expect(foreign.status).toBe(403);
    const readOnly = await staffSession(shop.h, 'read_only');
    expect((await boGet(self, readOnly.cookie)).body).not.toContain('bo-company-discount-form');
    expect((await boPost(self, { _csrf: readOnly.csrf, action: 'discount', category: 'A', percent: '90' }, readOnly.cookie)).status).toBe(
      403,
    );
    const after = await boGet(self, staff.cookie);
    expect(after.body).toContain('data-percent="10"');
    expect((await boGet('/companies/no-such-company', staff.cookie)).status).toBe(404);
  });
});

/** A multipart form post on the admin host, as a browser sends a file input. */
function upload(path: string, cookie: string, fields: Record<string, string>, file: { name: string; text: string }) {
  const b = `----pf${run}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${b}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  parts.push(
    `--${b}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: text/csv\r\n\r\n${file.text}\r\n`,
  );
  return request(`${ADMIN}${path}`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${b}`, cookie, origin: ADMIN },
    body: parts.join('') + `--${b}--\r\n`,
  });
}

describe('a price list uploaded as CSV', () => {
  it('imports all lines or none: bad lines and unknown SKUs are named and change nothing', async () => {
    const companyC = await company(`Prisbolaget C ${run}`, run + 2);
    const staff = await staffSession(shop.h, 'staff');
    const self = `/companies/${companyC}`;
    const lines = () =>
      shop.h.db
        .selectFrom('company_price_lines')
        .select(['sku', 'price_minor'])
        .where('company_id', '=', companyC)
        .orderBy('sku')
        .execute();
    const bad = await upload(
      self,
      staff.cookie,
      { _csrf: staff.csrf, action: 'upload' },
      { name: 'p.csv', text: `sku;price\n${pA.sku};10\n${pB.sku};zero\n` },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/data-testid="bo-company-error"[^>]*>\s*Nothing was imported: lines 3 /);
    const unknown = await upload(
      self,
      staff.cookie,
      { _csrf: staff.csrf, action: 'upload' },
      { name: 'p.csv', text: `${pA.sku};10\nNOPE-${run};5\n` },
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body).toContain(`NOPE-${run}`);
    const wrongType = await upload(self, staff.cookie, { _csrf: staff.csrf, action: 'upload' }, { name: 'p.exe', text: `${pA.sku};10` });
    expect(wrongType.status).toBe(400);
    const noCsrf = await upload(self, staff.cookie, { action: 'upload' }, { name: 'p.csv', text: `${pA.sku};10` });
    expect(noCsrf.status).toBe(403);
    expect(await lines()).toEqual([]);

    const ok = await upload(
      self,
      staff.cookie,
      { _csrf: staff.csrf, action: 'upload' },
      { name: 'p.csv', text: `sku;price\r\n${pA.sku};12,50\r\n${pB.sku}\t1 000\r\n` },
    );
    expect(ok.status, ok.body.slice(0, 300)).toBe(303);
    expect(ok.headers.location).toBe(`${self}?done=upload`);
    expect(await lines()).toEqual(
      [
        { sku: pA.sku, price_minor: 1_250 },
        { sku: pB.sku, price_minor: 100_000 },
      ].sort((x, y) => (x.sku < y.sku ? -1 : 1)),
    );
    const audit = await shop.h.db
      .selectFrom('staff_audit')
      .select(['after_json'])
      .where('subject_id', '=', companyC)
      .where('action', '=', 'companies.upload_prices')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toEqual({ lines: 2, added: 2, changed: 0 });
  });
});

describe('a member’s cart and checkout', () => {
  it('prices a category line at the company percent and a price-list line at its net price', async () => {
    const r = await sync('anna', [
      { sku: pA.sku, quantity: 2 },
      { sku: pB.sku, quantity: 1 },
    ]);
    expect(r.status).toBe(200);
    const [a, b] = r.json();
    expect(a.price).toBe(roundTo(unitPrice(pA.prices, 2) * 0.9, 2));
    expect(b.price).toBe(roundTo(unitPrice(pB.prices, 1) * 0.8, 2));
  });

  it('a personal discount higher than the company’s wins — never the sum', async () => {
    const [a] = (await sync('per', [{ sku: pA.sku, quantity: 1 }])).json();
    expect(a.price).toBe(roundTo(unitPrice(pA.prices, 1) * 0.75, 2));
  });

  it('a customer of another company and an anonymous cart get list prices', async () => {
    for (const who of ['cia', null]) {
      const [a, b] = (
        await sync(who, [
          { sku: pA.sku, quantity: 1 },
          { sku: pB.sku, quantity: 1 },
        ])
      ).json();
      expect([a.price, b.price], String(who)).toEqual([unitPrice(pA.prices, 1), unitPrice(pB.prices, 1)]);
    }
  });

  it('quick order (and so reorder, which resolves the same way) prices the lines at the member’s prices', async () => {
    const r = await postJson(api('/api/quick-order'), { text: `${pA.sku};1\n${pB.sku};1` }, { cookie: cookies.anna! });
    expect(r.status, r.body.slice(0, 300)).toBe(200);
    const bySku = Object.fromEntries(
      r.json().resolved.map((l: { product: { sku: string; unit_price_minor: number } }) => [l.product.sku, l.product.unit_price_minor]),
    );
    expect(bySku).toEqual({
      [pA.sku]: Math.round(roundTo(unitPrice(pA.prices, 1) * 0.9, 2) * 100),
      [pB.sku]: Math.round(roundTo(unitPrice(pB.prices, 1) * 0.8, 2) * 100),
    });
  });

  it('checkout totals and the placed order carry the company prices', async () => {
    const headers = { cookie: cookies.anna! };
    const items = [
      { sku: pA.sku, quantity: 1 },
      { sku: pB.sku, quantity: 1 },
    ];
    const opened = await postJson(api('/api/checkout'), { coupons: [], items }, headers);
    expect(opened.status, opened.body.slice(0, 300)).toBe(200);
    let v = checkoutViewSchema.parse(opened.json());
    const list = Math.round(unitPrice(pA.prices, 1) * 100) + Math.round(unitPrice(pB.prices, 1) * 100);
    const member =
      Math.round(roundTo(unitPrice(pA.prices, 1) * 0.9, 2) * 100) + Math.round(roundTo(unitPrice(pB.prices, 1) * 0.8, 2) * 100);
    expect(v.totals.goods_minor - v.totals.discount_minor).toBe(member);
    expect(v.totals.goods_minor).toBe(list);
    const step = async (body: object) => {
      const r = await postJson(api(`/api/checkout/${v.id}`), body, headers);
      expect(r.status, r.body.slice(0, 300)).toBe(200);
      return checkoutViewSchema.parse(r.json());
    };
    v = await step({ customer: { ...consumer('sv'), email: email('anna') } });
    v = await step({ shipping_option_id: v.shipping_options[0]!.id, payment_method: 'invoice' });
    if (v.shipping_options[0]!.has_service_points) v = await step({ service_point_id: v.service_points[0]!.id });
    const placed = await postJson(api(`/api/checkout/${v.id}/place`), { terms_accepted: true }, headers);
    expect(placed.status, placed.body.slice(0, 300)).toBe(200);
    const number = placeOrderResponseSchema.parse(placed.json()).order_number!;
    const order = await shop.h.db.selectFrom('orders').select(['total_minor']).where('id', '=', number).executeTakeFirstOrThrow();
    expect(order.total_minor).toBe(v.totals.total_minor);
    expect(v.totals.total_minor).toBe(member + v.totals.shipping_minor);
  });
});

describe('POST /api/company-prices', () => {
  it('answers the caller’s own company terms only', async () => {
    const mine = await prices('anna', [pA.sku, pB.sku]);
    expect(mine.status).toBe(200);
    expect(mine.json()).toEqual({
      company: { ex_vat: true, discounts: { A: 10 }, prices: { [pB.sku]: roundTo(unitPrice(pB.prices, 1) * 0.8, 2) } },
    });
    const theirs = await prices('cia', [pA.sku, pB.sku]);
    expect(theirs.json()).toEqual({ company: { ex_vat: true, discounts: {}, prices: {} } });
  });

  it('401 without a login, 400 for a bad body, company null in another storefront', async () => {
    const anon = await prices(null, [pA.sku]);
    expect(anon.status).toBe(401);
    expect(anon.json().error.code).toBe('unauthorized');
    const bad = await postJson(api('/api/company-prices'), { skus: 'x', company_id: companyA }, { cookie: cookies.anna! });
    expect(bad.status).toBe(400);
    expect(bad.json().error.code).toBe('invalid_request');
    const elsewhere = await request(api('/api/company-prices', 'fi'), {
      method: 'POST',
      headers: { cookie: cookies.anna!, 'content-type': 'application/json' },
      body: JSON.stringify({ skus: [pA.sku] }),
    });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.json()).toEqual({ company: null });
  });
});
