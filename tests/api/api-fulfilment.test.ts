/**
 * After the order (docs/product/fulfilment.md): the operator endpoint (auth, validation, refused transitions),
 * pick capturing through the provider that took the payment — once, exactly the total — ship booking with eel
 * and with Ingrid (sandbox), the "shipped" e-mail queued once, deliver, and the track-order page (a wrong
 * number and a wrong e-mail answer alike, rate limit). Real server and sandbox, on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import type { LocaleCode } from '#lib/market/locales.ts';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { operatorOrderResponseSchema, type OperatorOrderView } from '#lib/api/operator-contracts.ts';
import { klarnaConfig, walleyConfig } from '#server/payments/payment-config.ts';
import { WalleyProvider } from '#server/payments/walley/walley-provider.ts';
import { KlarnaProvider } from '#server/payments/klarna/klarna-provider.ts';
import { IngridProvider } from '#server/shipping/ingrid/ingrid-provider.ts';
import { ingridConfig } from '#server/shipping/shipping-config.ts';
import { consumer } from '#tests/support/checkout-customers.ts';
import { request, type TestResponse } from '#tests/support/http.ts';
import { TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { operatorCommand } from '#server/cli/operator-command.ts';
import { api, raw } from './api-support.ts';
import {
  back,
  control,
  deliveries,
  hostedPage,
  inStock,
  openCheckout,
  pay,
  place,
  sandbox,
  step,
  until,
  useCheckoutApi,
} from './checkout-api-fixtures.ts';

const shop = useCheckoutApi({
  products: { sv: (all) => all.filter(inStock(20)).slice(-70, -50), fi: (all) => all.filter(inStock(20)).slice(-30, -20) },
  sandbox: ['adyen', 'klarna', 'walley', 'ingrid'],
});
const AUTH = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };

function operator(number: string, action: string, body?: object, opts: { locale?: LocaleCode; headers?: Record<string, string> } = {}) {
  return request(api(`/api/operator/orders/${number}/${action}`, opts.locale ?? 'sv'), {
    method: 'POST',
    headers: opts.headers ?? AUTH,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function step200(number: string, action: string, body?: object, locale: LocaleCode = 'sv'): Promise<OperatorOrderView> {
  const r = await operator(number, action, body, { locale });
  expect(r.status, r.body).toBe(200);
  return operatorOrderResponseSchema.parse(r.json()).order;
}

const errorOf = (r: TestResponse) => apiErrorSchema.parse(r.json()).error;

/** An order paid with the shop's own invoice (eel, or `external` = Ingrid), placed through the API. */
async function invoiceOrder(locale: LocaleCode = 'sv', processor: 'eel' | 'external' = 'eel'): Promise<string> {
  const opened = await openCheckout({ items: [{ sku: shop.product(locale).sku, quantity: 2 }], shipping_processor: processor }, locale);
  const v = await step(opened.id, { customer: consumer(locale) }, locale);
  const option = v.shipping_options.find((o) => o.has_service_points)!;
  const withPoints = await step(v.id, { shipping_option_id: option.id, payment_method: 'invoice' }, locale);
  await step(v.id, { service_point_id: withPoints.service_points[0]!.id }, locale);
  const r = await place(v.id, locale);
  expect(r.status, r.body).toBe(200);
  return r.json<{ order_number: string }>().order_number;
}

/** The hosted page's approving button and fields per method (sandbox/README.md: test cards and persons). */
const APPROVE = {
  card: ['pay', { number: '4111 1111 1111 1111' }],
  klarna: ['approve', {}],
  'walley-invoice': ['purchase', { nationalIdentificationNumber: '19800101-1111' }],
} as const;

/** An order paid through a provider's hosted page (Adyen card, Klarna, Walley). */
async function providerOrder(method: keyof typeof APPROVE): Promise<{ number: string; total: number }> {
  const v = await shop.ready(method, { quantity: 1 });
  const page = await hostedPage(v.id);
  const [button, values] = APPROVE[method];
  expect(await back(await pay(page, button, values))).toBe(`/checkout/confirmation/${v.id}`);
  const [order] = await shop.ordersOf(v.id);
  return { number: order!.id, total: v.totals.total_minor };
}

/** The operator's events, in time and — within one step — lifecycle order (settled, captured, picked). */
const LIFECYCLE = ['invoiced', 'paid', 'captured', 'picked', 'shipped', 'delivered'];
const eventsOf = async (number: string) =>
  (
    await shop.h.db
      .selectFrom('order_events')
      .select(['at', 'kind', 'from_state', 'to_state', 'event', 'source'])
      .where('order_id', '=', number)
      .where('source', '=', 'operator')
      .execute()
  )
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || LIFECYCLE.indexOf(a.to_state) - LIFECYCLE.indexOf(b.to_state))
    .map(({ at: _at, ...e }) => e);
const mailOf = (number: string) => shop.h.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', `shipped:${number}`).execute();
const adyenCaptures = async () =>
  (await deliveries('adyen')).filter((d) => d.label.startsWith('CAPTURE') && d.label.endsWith('success=true')).length;

describe('the operator endpoint', () => {
  it('answers 401 without the operator token or with a wrong one, and changes nothing', async () => {
    const number = await invoiceOrder();
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TEST_OPERATOR_TOKEN }] as Record<string, string>[]) {
      const r = await operator(number, 'pick', {}, { headers });
      expect(r.status).toBe(401);
      expect(errorOf(r).code).toBe('unauthorized');
    }
    expect((await shop.h.db.selectFrom('orders').select('status').where('id', '=', number).executeTakeFirstOrThrow()).status).toBe(
      'placed',
    );
  });

  it('validates store, action, order number and body', async () => {
    const number = await invoiceOrder();
    const noStore = await request(raw(`/api/operator/orders/${number}/pick`), { method: 'POST', headers: AUTH, body: '{}' });
    expect(noStore.status).toBe(400);
    expect(errorOf(noStore).code).toBe('bad_locale');
    expect(errorOf(await operator(number, 'cancel', {})).code).toBe('not_found');
    expect((await operator(number, 'cancel', {})).status).toBe(404);
    expect((await operator('1234567', 'pick', {})).status).toBe(404); // bad check digit
    expect((await operator(String(Number(number) + 10), 'pick', {})).status).toBe(404);
    // Another storefront's order is not found in this one.
    expect((await operator(number, 'pick', {}, { locale: 'fi' })).status).toBe(404);
    const extra = await operator(number, 'pick', { force: true });
    expect(extra.status).toBe(400);
    expect(errorOf(extra).code).toBe('invalid_request');
    const badShip = await operator(number, 'ship', { carrier: 'DHL' });
    expect(errorOf(badShip)).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('tracking_number') });
    expect((await operator(number, 'ship', { tracking_number: 'X1' })).status).toBe(400);
    expect((await operator(number, 'ship', { tracking_number: 'ABC123', tracking_url: 'http://insecure.example/x' })).status).toBe(400);
    expect((await operator(number, 'deliver', { delivered_at: 'yesterday' })).status).toBe(400);
    const get = await request(api(`/api/operator/orders/${number}/pick`), { headers: AUTH });
    expect(get.status).toBe(405);
  });
});

describe('own invoice and eel: pick, ship, deliver', () => {
  it('moves the order along, refuses steps out of order with 409 invalid_transition, ships and mails once', async () => {
    const number = await invoiceOrder();
    for (const action of ['ship', 'deliver']) {
      const early = await operator(number, action);
      expect(early.status).toBe(409);
      expect(errorOf(early)).toMatchObject({ code: 'invalid_transition', message: expect.stringContaining('placed') });
    }

    const picked = await step200(number, 'pick');
    // The own invoice was issued with the order: nothing is captured, the payment stays authorized until the customer pays.
    expect(picked).toMatchObject({ number, status: 'picked', payment_status: 'authorized', payment_provider: 'invoice', shipment: null });
    expect(await eventsOf(number)).toEqual([
      { kind: 'order', from_state: 'placed', to_state: 'invoiced', event: 'invoice', source: 'operator' },
      { kind: 'order', from_state: 'invoiced', to_state: 'picked', event: 'pick', source: 'operator' },
    ]);
    expect(errorOf(await operator(number, 'pick')).code).toBe('invalid_transition');

    const shipped = await step200(number, 'ship', {});
    expect(shipped.status).toBe('shipped');
    expect(shipped.shipment).toMatchObject({
      provider: 'eel',
      carrier: expect.stringMatching(/^(PostNord|DHL|Bring|GLS|Posti|PostNL|Schenker|Budbee|Instabox|DAO|Helthjem)/),
      tracking_number: expect.stringMatching(/^EEL[A-Z0-9]+$/),
      service_point_id: expect.any(String),
    });
    const { tracking_number, tracking_url } = shipped.shipment!;
    expect(tracking_url).toBe(`https://tracking.partsfront.example/eel/${tracking_number}`);
    // The carrier is the one the shopper chose (eel's option), not an option id.
    const details = JSON.parse(
      (await shop.h.db.selectFrom('orders').select('details').where('id', '=', number).executeTakeFirstOrThrow()).details,
    );
    expect(shipped.shipment!.carrier).toBe(details.shipping.carrier);
    expect(shipped.shipment!.service_point_id).toBe(details.shipping.service_point.id);

    // A repeated ship books nothing and mails nothing.
    const again = await operator(number, 'ship', {});
    expect(again.status).toBe(409);
    expect(await shop.h.db.selectFrom('order_shipments').selectAll().where('order_id', '=', number).execute()).toHaveLength(1);
    const mails = await mailOf(number);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ kind: 'shipped', locale: 'sv', recipient: consumer('sv').email });
    expect(mail.subject).toContain(number);
    for (const part of [mail.text_body, mail.html_body]) {
      expect(part).toContain(tracking_number);
      expect(part).toContain(tracking_url!);
      expect(part).toContain(`/track-order/${number}`);
    }
    expect(mail.text_body).toContain('Spåra paketet');
    expect(mail.html_body).toMatch(/^<!doctype html>/);

    const delivered = await step200(number, 'deliver');
    expect(delivered.status).toBe('delivered');
    expect(Date.parse(delivered.delivered_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(errorOf(await operator(number, 'deliver')).code).toBe('invalid_transition');
    expect((await eventsOf(number)).map((e) => e.event)).toEqual(['invoice', 'pick', 'ship', 'deliver']);
  });

  it('a manual shipment keeps the operator’s tracking number, carrier and link; deliver takes a given time', async () => {
    const number = await invoiceOrder();
    await step200(number, 'pick');
    const shipped = await step200(number, 'ship', {
      tracking_number: 'JJFI 6543 2100',
      carrier: 'Schenker',
      tracking_url: 'https://www.dbschenker.com/track/JJFI65432100',
    });
    expect(shipped.shipment).toMatchObject({
      provider: 'manual',
      carrier: 'Schenker',
      tracking_number: 'JJFI 6543 2100',
      tracking_url: 'https://www.dbschenker.com/track/JJFI65432100',
    });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const before = shipped.events.find((e) => e.event === 'ship')!.at;
    for (const when of [future, new Date(Date.parse(before) - 60_000).toISOString()]) {
      const refused = await operator(number, 'deliver', { delivered_at: when });
      expect(refused.status).toBe(400);
      expect(errorOf(refused).message).toContain('delivered_at');
    }
    // Delivered a moment after it was shipped (as the carrier reported it, say).
    const shippedAt = shipped.events.find((e) => e.event === 'ship')!.at;
    const at = new Date(Date.parse(shippedAt) + 1).toISOString();
    expect((await step200(number, 'deliver', { delivered_at: at })).delivered_at).toBe(at);
    const early = await operator(number, 'deliver', { delivered_at: new Date(Date.parse(shippedAt) - 60_000).toISOString() });
    expect(errorOf(early).code).toBe('invalid_transition'); // delivered already
  });
});

describe('races and the command line', () => {
  it('two ships at once: one booking, one shipped e-mail, the other answered 409', async () => {
    const number = await invoiceOrder();
    await step200(number, 'pick');
    const answers = await Promise.all([operator(number, 'ship', {}), operator(number, 'ship', {}), operator(number, 'ship', {})]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const rows = await shop.h.db.selectFrom('order_shipments').selectAll().where('order_id', '=', number).execute();
    expect(rows).toHaveLength(1);
    const winner = operatorOrderResponseSchema.parse(answers.find((r) => r.status === 200)!.json()).order;
    expect(winner.shipment!.tracking_number).toBe(rows[0]!.tracking_number);
    expect(await mailOf(number)).toHaveLength(1);
    expect((await eventsOf(number)).filter((e) => e.event === 'ship')).toHaveLength(1);
  });

  it('npm run operator: show, pick, ship with a manual tracking number, deliver — through the same service', async () => {
    const number = await invoiceOrder();
    const out: string[] = [];
    const run = (...args: string[]) => operatorCommand(shop.h.db, args, (line) => out.push(line));
    expect(await run('show', number)).toBe(0);
    expect(out.pop()).toMatch(new RegExp(`^order ${number} \\(sv\\)  placed  payment authorized via invoice`));
    expect(await run('ship', number)).toBe(1);
    expect(out.pop()).toMatch(/^invalid_transition: cannot ship order \d+: the order is placed/);
    expect(await run('pick', number)).toBe(0);
    expect(await run('ship', number, '--tracking', 'ABC-123456', '--carrier', 'Bring')).toBe(0);
    expect(out.pop()).toContain('shipment manual: Bring ABC-123456');
    expect(await run('deliver', number)).toBe(0);
    const shown = out.pop()!;
    expect(shown).toMatch(/delivered 20\d\d-/);
    expect(shown).toContain('placed           → invoiced           invoice (operator)');
    expect(await run('pick', '1234567')).toBe(2); // a mistyped number (check digit)
    expect(await run('ship', number, '--url', 'https://x.example/1')).toBe(2); // a link without a tracking number
    expect(await mailOf(number)).toHaveLength(1);
  });
});

describe('pick captures through the provider that took the payment, exactly the total, once', () => {
  it('Adyen: one capture for the order total; a second pick is refused and captures nothing', async () => {
    const { number, total } = await providerOrder('card');
    const before = await adyenCaptures();
    const picked = await step200(number, 'pick');
    expect(picked).toMatchObject({ status: 'picked', payment_status: 'captured', payment_provider: 'adyen', total_minor: total });
    expect(await eventsOf(number)).toEqual([
      { kind: 'order', from_state: 'placed', to_state: 'paid', event: 'mark_paid', source: 'operator' },
      { kind: 'payment', from_state: 'authorized', to_state: 'captured', event: 'capture', source: 'operator' },
      { kind: 'order', from_state: 'paid', to_state: 'picked', event: 'pick', source: 'operator' },
    ]);
    expect(await until(adyenCaptures, (n) => n === before + 1)).toBe(before + 1);
    expect((await operator(number, 'pick')).status).toBe(409);
    await new Promise((r) => setTimeout(r, 300));
    expect(await adyenCaptures()).toBe(before + 1);
  });

  it('Klarna: the order is captured at Klarna for exactly the order total', async () => {
    const { number, total } = await providerOrder('klarna');
    const row = await shop.h.db.selectFrom('orders').select('details').where('id', '=', number).executeTakeFirstOrThrow();
    const sessionId = JSON.parse(row.details).payment.session_id as string;
    const klarna = new KlarnaProvider(klarnaConfig({ PARTSFRONT_SANDBOX_URL: sandbox })!);
    expect((await klarna.readStatus(sessionId)).capturedMinor ?? 0).toBe(0);
    expect(await step200(number, 'pick')).toMatchObject({ status: 'picked', payment_status: 'captured' });
    expect(await klarna.readStatus(sessionId)).toMatchObject({ status: 'captured', capturedMinor: total });
    expect((await operator(number, 'pick')).status).toBe(409);
    expect((await klarna.readStatus(sessionId)).capturedMinor).toBe(total);
  });
});

describe('pick with an external invoice', () => {
  it('Walley: captured (activated) for exactly the total, the order invoiced', async () => {
    const { number, total } = await providerOrder('walley-invoice');
    const row = await shop.h.db.selectFrom('orders').select('details').where('id', '=', number).executeTakeFirstOrThrow();
    const walley = new WalleyProvider(walleyConfig({ PARTSFRONT_SANDBOX_URL: sandbox })!);
    const sessionId = JSON.parse(row.details).payment.session_id as string;
    expect((await walley.readStatus(sessionId)).status).toBe('authorized');
    expect(await step200(number, 'pick')).toMatchObject({ status: 'picked', payment_status: 'captured', payment_provider: 'walley' });
    expect((await eventsOf(number)).map((e) => `${e.kind}:${e.event}`)).toEqual(['order:invoice', 'payment:capture', 'order:pick']);
    expect(await walley.readStatus(sessionId)).toMatchObject({ status: 'captured', amountMinor: total });
    expect((await operator(number, 'pick')).status).toBe(409);
  });
});

describe('ship through Ingrid', () => {
  it('books the transport order through SOM: Ingrid’s carrier, tracking number and link, the service point', async () => {
    const number = await invoiceOrder('sv', 'external');
    await step200(number, 'pick');
    const shipped = await step200(number, 'ship', {});
    expect(shipped.shipment).toMatchObject({
      provider: 'ingrid',
      carrier: 'PostNord',
      service_point_id: expect.stringMatching(/^postnord-se-/),
    });
    expect(shipped.shipment!.tracking_number).toMatch(/^\w{8,}$/);
    expect(shipped.shipment!.tracking_url).toMatch(new RegExp(`^${sandbox}/ingrid/tracking/`));
    expect(shipped.shipment!.label_url).toMatch(/^http/);
    expect(await mailOf(number)).toHaveLength(1);
    // Ingrid's tracking has no delivery yet: deliver takes now.
    const before = Date.now();
    const delivered = await step200(number, 'deliver');
    expect(delivered.status).toBe('delivered');
    expect(Date.parse(delivered.delivered_at!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('deliver takes the delivery time from Ingrid’s tracking when the carrier reported one', async () => {
    const number = await invoiceOrder('sv', 'external');
    await step200(number, 'pick');
    const { shipment } = await step200(number, 'ship', {});
    await control('ingrid', 'advance', { tracking_number: shipment!.tracking_number, steps: 10 });
    const ingrid = new IngridProvider(ingridConfig({ PARTSFRONT_SANDBOX_URL: sandbox })!);
    const row = await shop.h.db
      .selectFrom('order_shipments')
      .select('shipment_id')
      .where('order_id', '=', number)
      .executeTakeFirstOrThrow();
    const reported = (await ingrid.tracking(row.shipment_id!)).find((e) => e.status === 'delivered');
    expect(reported).toBeDefined();
    await new Promise((r) => setTimeout(r, 20)); // "now" at deliver is later than the carrier's time
    expect((await step200(number, 'deliver')).delivered_at).toBe(new Date(reported!.at).toISOString());
  });
});

describe('track order', () => {
  const trackUrl = (locale: LocaleCode = 'sv', id = '') => raw(`/track-order${id ? `/${id}` : ''}`, locale);
  const lookup = (number: string, contact: string, locale: LocaleCode = 'sv') =>
    request(trackUrl(locale), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number, contact }).toString(),
    });
  const outcome = (r: TestResponse) => /data-outcome="(\w+)"/.exec(r.body)?.[1];
  const problem = (r: TestResponse) => /data-testid="track-order-problem"[^>]*>([^<]*)</.exec(r.body)?.[1]?.trim();

  it('GET shows the form (order number from the path), never cached or indexed', async () => {
    const r = await request(trackUrl('sv', '1001008'));
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toMatch(/<meta name="robots" content="noindex/);
    expect(r.body).toContain('data-testid="track-order-form"');
    expect(r.body).toMatch(/name="number"[^>]*value="1001008"/);
    expect(r.body).toContain('Spåra order');
    const fi = await request(trackUrl('fi'));
    expect(fi.body).toContain('Seuraa tilausta');
  });

  it('the right number with the e-mail or the postal code shows the timeline; a wrong e-mail answers like a wrong number', async () => {
    const number = await invoiceOrder();
    await step200(number, 'pick');
    const shipped = await step200(number, 'ship', {});
    const customer = consumer('sv');
    for (const contact of [customer.email.toUpperCase(), customer.postal_code.replace(' ', '')]) {
      const r = await lookup(number, contact);
      expect(r.status).toBe(200);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(outcome(r)).toBe('found');
      expect(r.body).toContain('data-testid="order-timeline"');
      expect(r.body).toContain(`data-current-step="shipped"`);
      expect([...r.body.matchAll(/data-step="(\w+)" data-done="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual([
        'placed:true',
        'invoiced:true',
        'picked:true',
        'shipped:true',
        'delivered:false',
      ]);
      expect(r.body).toContain(shipped.shipment!.tracking_number);
      expect(r.body).toContain(`href="${shipped.shipment!.tracking_url}"`);
      expect(r.body).toContain('data-testid="order-timeline-estimate"');
      // Nothing of the customer beyond what was typed: no name, no street.
      expect(r.body).not.toContain(customer.first_name);
      expect(r.body).not.toContain(customer.street);
    }
    const wrongEmail = await lookup(number, 'someone.else@example.se');
    const wrongNumber = await lookup(String(Number(number) + 10), customer.email);
    const otherStore = await lookup(number, customer.email, 'fi');
    for (const r of [wrongEmail, wrongNumber, otherStore]) {
      expect(r.status).toBe(200);
      expect(outcome(r)).toBe('not_found');
      expect(r.body).not.toContain('data-testid="order-timeline"');
    }
    expect(problem(wrongEmail)).toBe(problem(wrongNumber));
    expect(problem(wrongEmail)).toMatch(/^Vi hittade ingen order/);
    const missing = await lookup(number, '');
    expect(missing.status).toBe(400);
    expect(outcome(missing)).toBe('missing');
  });

  it('answers in the storefront’s language: a Finnish order on the fi storefront', async () => {
    const number = await invoiceOrder('fi');
    await step200(number, 'pick', undefined, 'fi');
    const r = await lookup(number, consumer('fi').email, 'fi');
    expect(outcome(r)).toBe('found');
    for (const text of ['Tilauksen tila', 'Tilattu', 'Laskutettu', 'Kerätty', 'Ei vielä', 'Arvioitu toimitus'])
      expect(r.body).toContain(text);
    expect(r.body).toMatch(/<html[^>]* lang="fi/);
  });

  // Last: it spends this IP's lookups for the minute (TRACK_ORDER_RATE_LIMIT, 10 a minute).
  it('limits lookups per IP: then 429 with Retry-After, even for the right details', async () => {
    const number = await invoiceOrder();
    let last: TestResponse | undefined;
    for (let i = 0; i < 12 && last?.status !== 429; i++) last = await lookup(number, 'wrong@example.se');
    expect(last!.status).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(outcome(last!)).toBe('rate_limited');
    const right = await lookup(number, consumer('sv').email);
    expect(right.status).toBe(429);
    expect(right.body).not.toContain('data-testid="order-timeline"');
  });
});
