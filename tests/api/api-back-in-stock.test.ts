/**
 * Back in stock (docs/product/parts-finder.md#back-in-stock), on SQLite and PostgreSQL: the form in the static
 * product page, the plain form POST answered by the storefront page (or JSON), double opt-in (the confirmation
 * mail in mail_outbox, GET never confirms, the button does), the operator's stock edit → exactly one notification
 * for the confirmed request and none for the unconfirmed one, nothing more on a second change, the stop link, the
 * claim that makes two concurrent passes send one mail, bad input and the rate limits. A server of its own follows
 * the change feed (the suite's server does not poll it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { notifyOrderable } from '#server/catalogue/stock-alerts.ts';
import { stockAlertsCommand } from '#server/cli/stock-alerts-command.ts';
import { request } from '#tests/support/http.ts';
import { waitFor as waitUntil } from '#tests/support/wait-for.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { API_PORT, TEST_BUILD_DIR, TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { openTestDb } from './api-support.ts';
import { boGet, staffSession } from './backoffice-session.ts';

const PORT = API_PORT + 17;
const stamp = Date.now().toString(36);
const addr = (name: string) => `${name}-${stamp}@stock.test`;
const base = (locale: LocaleCode = 'sv') => `http://${locale}.localhost:${PORT}`;
const PAGE = { sv: '/bevakning', nl: '/voorraadmelding' } as const;

let h: DbHandle;
let server: RunningServer;
interface Subject {
  id: number;
  sku: string;
  slug: string;
  name: string;
  stock_status: string;
  stock_quantity: number;
  orderable: number;
}
/** P: the product shoppers wait for; Q: a second one, R: a third (stop link, concurrent claim). */
let P: Subject, Q: Subject, R: Subject, S: Subject;
let orderableSlug: string;

const form = (fields: Record<string, string>, headers: Record<string, string> = {}, locale: LocaleCode = 'sv') =>
  request(`${base(locale)}${PAGE[locale as 'sv' | 'nl']}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base(locale), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
const subscribe = (p: Subject, email: string, headers: Record<string, string> = {}) => form({ product_id: String(p.id), email }, headers);
const patch = (sku: string, body: unknown) =>
  request(`${base()}/api/operator/products/${encodeURIComponent(sku)}?locale=sv&sid=${LOCALES.sv.storeID}`, {
    method: 'PATCH',
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, 'content-type': 'application/json' },
  });
const mails = (to: string, kind: string) =>
  h.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', to).where('kind', '=', kind).orderBy('created_at').execute();
const requestOf = async (email: string, productId: number) =>
  h.db.selectFrom('stock_alerts').selectAll().where('email', '=', email).where('product_id', '=', productId).executeTakeFirst();
const waitFor = <T>(what: string, read: () => Promise<T | undefined>) => waitUntil(what, read, 15_000, () => server.output());
/** The link of a mail's text part that starts with `prefix` (the storefront's page). */
function linkIn(text: string, param: 'confirm' | 'stop'): string {
  const m = new RegExp(`https?://[^\\s]+\\?${param}=[A-Za-z0-9_-]+`).exec(text);
  if (!m) throw new Error(`no ${param} link in:\n${text}`);
  return m[0];
}
/** The page's own button: a same-origin form post to the link. */
const press = (url: string) =>
  request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin }, body: '' });

async function subscribeAndConfirm(p: Subject, email: string): Promise<void> {
  expect((await subscribe(p, email)).status).toBe(200);
  const [confirm] = await mails(email, 'stock_alert_confirm');
  expect((await press(linkIn(confirm!.text_body, 'confirm'))).status).toBe(200);
}

async function subject(where: { status: string; notId?: number[] }): Promise<Subject> {
  const row = await h.db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
    .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'sv'))
    .where('p.stock_status', '=', where.status)
    .where('p.notifyable', '=', 1)
    .where('p.orderable', '=', 0)
    .where('p.id', '>', 6) // products 1–6 carry every stock status for other tests
    .where('p.id', 'not in', where.notId?.length ? where.notId : [0])
    .select(['p.id', 'p.sku', 't.slug', 't.name', 'p.stock_status', 'p.stock_quantity', 'p.orderable'])
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  return row;
}

beforeAll(async () => {
  h = openTestDb();
  P = await subject({ status: 'out-of-stock' });
  Q = await subject({ status: 'out-of-stock', notId: [P.id] });
  R = await subject({ status: 'discontinued' });
  S = await subject({ status: 'out-of-stock', notId: [P.id, Q.id] });
  const orderable = await h.db
    .selectFrom('products as p')
    .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
    .where('p.stock_status', '=', 'in-stock')
    .where('p.orderable', '=', 1)
    .select('t.slug')
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  orderableSlug = orderable.slug;
  server = await startServer({
    port: PORT,
    databaseUrl: inject('databaseUrl'),
    buildDir: TEST_BUILD_DIR,
    env: { PARTSFRONT_OPERATOR_TOKEN: TEST_OPERATOR_TOKEN, PARTSFRONT_CHANGE_POLL_MS: '150', STOCK_ALERT_RATE_LIMIT: '40' },
  });
});

afterAll(async () => {
  for (const p of [P, Q, R, S].filter(Boolean))
    await h.db
      .updateTable('products')
      .set({ stock_status: p.stock_status, stock_quantity: p.stock_quantity, orderable: p.orderable })
      .where('id', '=', p.id)
      .execute();
  await server?.stop();
  await h.db?.destroy();
});

describe('the form', () => {
  const staticPage = (slug: string) => fs.readFileSync(path.join(TEST_BUILD_DIR, 'client', 'sv', 'product', slug, 'index.html'), 'utf8');

  it('is in the static page of a notifyable product that cannot be ordered, posting to the storefront page, and not on an orderable one', () => {
    const html = staticPage(P.slug);
    expect(html).toContain('data-testid="back-in-stock-form"');
    expect(html).toMatch(/<form[^>]*action="\/bevakning"[^>]*data-testid="back-in-stock-form"/);
    expect(html).toContain(`name="product_id" value="${P.id}"`);
    expect(html).toMatch(/<label for="back-in-stock-email-\d+">/);
    expect(staticPage(orderableSlug)).not.toContain('data-testid="back-in-stock-form"');
    expect(staticPage(orderableSlug)).not.toContain('back-in-stock'); // nor the form's script
  });
});

describe('subscribe, confirm, notify once', () => {
  it('answers the form with a page in the storefront language and queues one confirmation mail; GET of the link confirms nothing', async () => {
    const r = await subscribe(P, addr('anna').toUpperCase());
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toContain('data-testid="back-in-stock-sent"');
    expect(r.body).toContain('<html lang="sv');
    const [mail, ...more] = await mails(addr('anna'), 'stock_alert_confirm');
    expect(more).toHaveLength(0);
    expect(mail!.locale).toBe('sv');
    expect(mail!.subject).toContain(P.name);
    const link = linkIn(mail!.text_body, 'confirm');
    expect(new URL(link).pathname).toBe('/bevakning');
    const row = await requestOf(addr('anna'), P.id);
    expect(row).toMatchObject({ locale: 'sv', confirmed_at: null, ended_at: null, consent_version: expect.any(String) });
    expect(row!.consent_text).toContain('raderar');
    expect(row!.confirm_token_hash).not.toContain(new URL(link).searchParams.get('confirm'));
    // a link scanner's GET shows the button only
    const shown = await request(link);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('data-testid="back-in-stock-confirm"');
    expect((await requestOf(addr('anna'), P.id))!.confirmed_at).toBeNull();
    // a cross-site post of the button is refused
    const forged = await request(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.test' },
      body: '',
    });
    expect(forged.status).toBe(403);
    expect((await requestOf(addr('anna'), P.id))!.confirmed_at).toBeNull();
    const done = await press(link);
    expect(done.status).toBe(200);
    expect(done.body).toContain('data-outcome="confirmed"');
    expect((await requestOf(addr('anna'), P.id))!.confirmed_at).not.toBeNull();
    expect((await press(link)).body).toContain('data-outcome="already_confirmed"');
  });

  it('sends exactly one mail to the confirmed request when the operator adds stock, none to the unconfirmed one, and nothing on a second change', async () => {
    expect((await subscribe(P, addr('bert'))).status).toBe(200); // never confirmed
    expect((await patch(P.sku, { stock_status: 'in-stock', stock_quantity: 5, changed_by: 'Lars Lager' })).status).toBe(200);
    const [mail] = await waitFor('the notification', async () => {
      const m = await mails(addr('anna'), 'stock_alert');
      return m.length ? m : undefined;
    });
    expect(mail!.subject).toContain(P.name);
    expect(mail!.dedupe_key).toMatch(/^stock_alert:/);
    expect(mail!.text_body).toContain(`/produkt/${P.slug}`);
    const headers = JSON.parse(mail!.headers) as Record<string, string>;
    expect(headers['List-Unsubscribe']).toMatch(/\/bevakning\?stop=/);
    expect(await requestOf(addr('anna'), P.id)).toBeUndefined(); // the address is erased
    expect(await mails(addr('bert'), 'stock_alert')).toHaveLength(0);
    expect((await requestOf(addr('bert'), P.id))!.ended_at).toBeNull();
    // a second stock change, then one on Q that the poll handles after it: P's request got nothing more
    expect((await patch(P.sku, { stock_quantity: 9, changed_by: 'Lars Lager' })).status).toBe(200);
    await subscribeAndConfirm(Q, addr('carl'));
    expect((await patch(Q.sku, { stock_status: 'back-order-quick', changed_by: 'Lars Lager' })).status).toBe(200);
    await waitFor('the notification of Q', async () => ((await mails(addr('carl'), 'stock_alert')).length ? true : undefined));
    expect(await mails(addr('anna'), 'stock_alert')).toHaveLength(1);
    expect(await mails(addr('carl'), 'stock_alert')).toHaveLength(1);
  });

  it('offers no alert on a product that can be ordered now (409), and the back office counts are gone with the request', async () => {
    const r = await subscribe(P, addr('dora'), { accept: 'application/json' });
    expect(r.status).toBe(409);
    expect(JSON.parse(r.body)).toMatchObject({ error: { code: 'conflict' } });
  });
});

describe('the stop link and the claim', () => {
  it('ends a request from the mail provider’s one-click POST, erasing the address', async () => {
    expect((await subscribe(R, addr('erik'))).status).toBe(200);
    const [confirm] = await mails(addr('erik'), 'stock_alert_confirm');
    const stop = linkIn(confirm!.text_body, 'stop');
    expect((await request(stop)).body).toContain('data-testid="back-in-stock-stop"');
    const r = await request(stop, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(r.status).toBe(200);
    expect(r.body).toContain('data-outcome="unsubscribed"');
    expect(await requestOf(addr('erik'), R.id)).toBeUndefined();
    const token = new URL(stop).searchParams.get('stop')!;
    const row = await h.db.selectFrom('stock_alerts').selectAll().where('unsubscribe_token', '=', token).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ended_reason: 'unsubscribed', email: null, notified_at: null });
    // the confirmation link of an ended request confirms nothing
    expect((await press(linkIn(confirm!.text_body, 'confirm'))).body).toContain('data-outcome="ended"');
    expect((await request(`${base()}/bevakning?stop=not-a-token`)).status).toBe(400);
  });

  it('two passes at the same time (two nodes) queue one mail per request', async () => {
    await subscribeAndConfirm(S, addr('frida'));
    // stock written without a feed row (as an import does): the passes find it themselves
    await h.db.updateTable('products').set({ stock_status: 'in-stock', stock_quantity: 3, orderable: 1 }).where('id', '=', S.id).execute();
    const reports = await Promise.all([notifyOrderable(h.db, { productIds: [S.id] }), notifyOrderable(h.db, { productIds: [S.id] })]);
    expect(reports.reduce((n, r) => n + r.notified, 0)).toBeLessThanOrEqual(1);
    await waitFor('the mail of S', async () => ((await mails(addr('frida'), 'stock_alert')).length ? true : undefined));
    expect(await mails(addr('frida'), 'stock_alert')).toHaveLength(1);
  });

  it('counts waiting and unconfirmed requests per product for staff (npm run stock-alerts)', async () => {
    await subscribeAndConfirm(R, addr('gustav'));
    const out: string[] = [];
    expect(await stockAlertsCommand(h.db, ['--sku', R.sku, '--json'], (s) => out.push(s))).toBe(0);
    expect(JSON.parse(out.join('\n'))).toEqual([expect.objectContaining({ productId: R.id, sku: R.sku, waiting: 1 })]);
    const text: string[] = [];
    expect(await stockAlertsCommand(h.db, [], (s) => text.push(s))).toBe(0);
    expect(text.join('\n')).toContain(R.sku);
    // the back office: the catalogue's requests table and the product's page (read-only staff may see them)
    const staff = await staffSession(h, 'read_only');
    const list = await boGet('/products', staff.cookie);
    expect(list.status).toBe(200);
    expect(list.body).toMatch(
      new RegExp(`data-testid="bo-stock-alert-row" data-sku="${R.sku}"[\\s\\S]*?data-testid="bo-stock-alert-waiting">1<`),
    );
    const page = await boGet(`/products/${encodeURIComponent(R.sku)}`, staff.cookie);
    expect(page.body).toMatch(/data-testid="bo-stock-alerts"[^>]*>[^<]*\b1;/);
  });
});

describe('bad input and limits', () => {
  it('answers a bad e-mail with 400 — a page, or JSON for the script', async () => {
    const page = await subscribe(R, 'not-an-address');
    expect(page.status).toBe(400);
    expect(page.body).toContain('data-outcome="invalid_email"');
    const json = await subscribe(R, 'not-an-address', { accept: 'application/json' });
    expect(json.status).toBe(400);
    expect(JSON.parse(json.body)).toMatchObject({ error: { code: 'invalid_request', field: 'email' } });
    expect((await form({ product_id: 'x', email: addr('hilda') })).status).toBe(400);
  });

  it('refuses a cross-site form post (403) and an unknown product (409) without a mail', async () => {
    expect((await subscribe(R, addr('ivar'), { origin: 'http://evil.test' })).status).toBe(403);
    expect((await form({ product_id: '999999999', email: addr('ivar') })).status).toBe(409);
    expect(await mails(addr('ivar'), 'stock_alert_confirm')).toHaveLength(0);
  });

  it('limits requests per address (5 an hour) and per IP, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await subscribe(R, addr('jonas'))).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    let last = await subscribe(R, addr('kim-0'));
    for (let i = 1; i < 45 && last.status !== 429; i++) last = await subscribe(R, addr(`kim-${i}`));
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.body).toContain('data-outcome="rate_limited"');
  });
});
