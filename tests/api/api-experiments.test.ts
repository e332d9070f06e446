/**
 * Experiments against the real server, on SQLite and PostgreSQL (docs/product/experiments.md): the running
 * experiments of config/experiments.json, events stored only with statistics consent, bad input refused, the
 * visitor carried from the checkout to the order, and the report computed from a seeded set with known figures.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { experimentsCommand } from '#server/cli/experiments-command.ts';
import { api, raw } from './api-support.ts';
import { boGet, staffSession } from './backoffice-session.ts';
import { inStock, openCheckout, place, step, useCheckoutApi } from './checkout-api-fixtures.ts';
import { consumer } from '#tests/support/checkout-customers.ts';

const shop = useCheckoutApi({ products: { da: (all) => all.filter(inStock(5)).slice(0, 4) } });

/** __consent values (docs/product/consent.md): 31 everything, 5 necessary + statistics, 1 necessary only. */
const withConsent = (value: number) => ({ cookie: `__consent=${value}` });
const events = (body: unknown, headers: Record<string, string> = withConsent(31), locale: 'sv' | 'da' | 'fi' = 'sv') =>
  postJson(api('/api/experiment-events', locale), body, headers);
const exposuresOf = (visitor: string) =>
  shop.h.db.selectFrom('experiment_exposures').selectAll().where('visitor_id', '=', visitor).orderBy('experiment').execute();
const addsOf = (visitor: string) =>
  shop.h.db
    .selectFrom('experiment_cart_adds')
    .select(['sku', 'quantity', 'locale'])
    .where('visitor_id', '=', visitor)
    .orderBy('sku')
    .execute();
const errorCode = (r: { json(): unknown }) => apiErrorSchema.parse(r.json()).error.code;

describe('GET /api/experiments', () => {
  it('answers the storefront’s running experiments with weights, cacheable', async () => {
    const r = await request(api('/api/experiments', 'fi'));
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=300');
    const body = r.json();
    expect(body.experiments).toEqual([
      {
        name: 'accessories',
        variants: [
          { name: 'original', weight: 50 },
          { name: 'upselling', weight: 50 },
        ],
      },
    ]);
    expect(body.version).toMatch(/^[0-9a-f]{16}$/);
    expect((await request(api('/api/experiments', 'sv'))).json().version).toBe(body.version);
  });

  it('needs locale and sid, and only GET', async () => {
    const r = await request(raw('/api/experiments'));
    expect(r.status).toBe(400);
    expect(errorCode(r)).toBe('bad_locale');
    const post = await postJson(api('/api/experiments'), {});
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET');
  });
});

describe('POST /api/experiment-events', () => {
  it('stores the first exposure per experiment and every add-to-cart, with server time and storefront', async () => {
    const visitor = randomUUID();
    const before = new Date().toISOString();
    const r = await events(
      {
        visitor_id: visitor,
        events: [
          { type: 'exposure', experiment: 'accessories', variant: 'upselling' },
          { type: 'add_to_cart', sku: 'SKU-1', quantity: 2 },
          { type: 'add_to_cart', sku: 'SKU-2', quantity: 1 },
        ],
      },
      withConsent(5),
      'da',
    );
    expect(r.status, r.body).toBe(200);
    expect(r.json()).toEqual({ exposures: 1, add_to_carts: 2 });
    const [row, ...more] = await exposuresOf(visitor);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ experiment: 'accessories', variant: 'upselling', locale: 'da' });
    expect(row.exposed_at >= before).toBe(true);
    expect(await addsOf(visitor)).toEqual([
      { sku: 'SKU-1', quantity: 2, locale: 'da' },
      { sku: 'SKU-2', quantity: 1, locale: 'da' },
    ]);
    // a second exposure (even to the other variant) changes nothing: the first one counts
    const again = await events(
      { visitor_id: visitor, events: [{ type: 'exposure', experiment: 'accessories', variant: 'original' }] },
      withConsent(5),
      'da',
    );
    expect(again.json()).toEqual({ exposures: 0, add_to_carts: 0 });
    expect((await exposuresOf(visitor)).map((e) => e.variant)).toEqual(['upselling']);
  });

  it('ignores exposures to experiments that do not run (a tab older than the configuration)', async () => {
    const visitor = randomUUID();
    const r = await events({ visitor_id: visitor, events: [{ type: 'exposure', experiment: 'shipping_processor', variant: 'external' }] });
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ exposures: 0, add_to_carts: 0 });
    expect(await exposuresOf(visitor)).toEqual([]);
  });

  it('stores nothing without statistics consent: 403 consent_required', async () => {
    const visitor = randomUUID();
    const body = { visitor_id: visitor, events: [{ type: 'exposure', experiment: 'accessories', variant: 'original' }] };
    for (const headers of [{}, withConsent(1), withConsent(1 | 2 | 8 | 16), { cookie: '__consent=abc' }]) {
      const r = await events(body, headers);
      expect(r.status).toBe(403);
      expect(errorCode(r)).toBe('consent_required');
    }
    expect(await exposuresOf(visitor)).toEqual([]);
  });

  it('refuses bad input with 4xx JSON and stores nothing', async () => {
    const visitor = randomUUID();
    const exposure = { type: 'exposure', experiment: 'accessories', variant: 'original' };
    const bad: [unknown, number, string][] = [
      [{ visitor_id: 'not-a-uuid', events: [exposure] }, 400, 'invalid_request'],
      [{ visitor_id: visitor.toUpperCase(), events: [exposure] }, 400, 'invalid_request'],
      [{ visitor_id: visitor, events: [] }, 400, 'invalid_request'],
      [{ visitor_id: visitor, events: [{ ...exposure, variant: 'fancy' }] }, 400, 'invalid_request'],
      [{ visitor_id: visitor, events: [{ ...exposure, experiment: 'colour' }] }, 400, 'invalid_request'],
      [{ visitor_id: visitor, events: [{ type: 'purchase', value: 1 }] }, 400, 'invalid_request'],
      [{ visitor_id: visitor, events: [{ type: 'add_to_cart', sku: 'A', quantity: 0 }] }, 400, 'invalid_request'],
      [{ visitor_id: visitor, events: [{ type: 'add_to_cart', sku: 'A', quantity: 1.5 }] }, 400, 'invalid_request'],
      [{ visitor_id: visitor, events: Array.from({ length: 21 }, () => exposure) }, 400, 'invalid_request'],
    ];
    for (const [body, status, code] of bad) {
      const r = await events(body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(errorCode(r)).toBe(code);
    }
    const notJson = await request(api('/api/experiment-events'), { method: 'POST', body: '{', headers: withConsent(31) });
    expect(notJson.status).toBe(400);
    expect(errorCode(notJson)).toBe('bad_json');
    const big = await events({ visitor_id: visitor, events: [{ type: 'add_to_cart', sku: 'x'.repeat(9000), quantity: 1 }] });
    expect(big.status).toBe(413);
    expect(errorCode(big)).toBe('body_too_large');
    const wrongStore = await postJson(
      api('/api/experiment-events', 'sv').replace('sid=1', 'sid=3'),
      { visitor_id: visitor, events: [exposure] },
      withConsent(31),
    );
    expect(wrongStore.status).toBe(400);
    expect(errorCode(wrongStore)).toBe('bad_locale');
    expect(await exposuresOf(visitor)).toEqual([]);
    expect(await addsOf(visitor)).toEqual([]);
  });
});

describe('the visitor from checkout to order', () => {
  it('records the visitor on the checkout with statistics consent and copies it onto the order at completion', async () => {
    const visitor = randomUUID();
    const product = shop.product('da');
    const r = await postJson(
      api('/api/checkout', 'da'),
      { items: [{ sku: product.sku, quantity: 1 }], coupons: [], experiment_visitor: visitor },
      withConsent(31),
    );
    expect(r.status, r.body).toBe(200);
    const id = r.json().id as string;
    const checkout = await shop.h.db.selectFrom('checkouts').select('experiment_visitor_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(checkout.experiment_visitor_id).toBe(visitor);
    const withOptions = await step(id, { customer: consumer('da') }, 'da');
    const ready = await step(id, { shipping_option_id: withOptions.shipping_options[0]!.id, payment_method: 'invoice' }, 'da');
    if (withOptions.shipping_options[0]!.has_service_points) await step(id, { service_point_id: ready.service_points[0]!.id }, 'da');
    const placed = await place(id, 'da');
    expect(placed.status, placed.body).toBe(200);
    const [order] = await shop.ordersOf(id);
    expect(order!.experiment_visitor_id).toBe(visitor);
  });

  it('keeps no visitor without statistics consent, and refuses a malformed one', async () => {
    const visitor = randomUUID();
    const items = [{ sku: shop.product('da').sku, quantity: 1 }];
    const r = await postJson(api('/api/checkout', 'da'), { items, coupons: [], experiment_visitor: visitor }, withConsent(1));
    expect(r.status).toBe(200);
    const row = await shop.h.db
      .selectFrom('checkouts')
      .select('experiment_visitor_id')
      .where('id', '=', r.json().id)
      .executeTakeFirstOrThrow();
    expect(row.experiment_visitor_id).toBeNull();
    const plain = await openCheckout({ items }, 'da');
    expect(plain.id).toBeTruthy();
    const bad = await postJson(api('/api/checkout', 'da'), { items, coupons: [], experiment_visitor: 'me@example.com' }, withConsent(31));
    expect(bad.status).toBe(400);
    expect(errorCode(bad)).toBe('invalid_request');
  });
});

describe('the experiment report', () => {
  // recent_product_views on the Norwegian storefront, 40 visitors per variant, exposed at 10:00:
  //   hidden (control): 4 buyers, 5 orders (one buyer ordered twice), NOK 750.00; 10 visitors added 14 times
  //   shown: 12 buyers, 12 orders, NOK 3600.00; 20 visitors added once each
  // plus an add-to-cart and an order BEFORE exposure (09:00), which do not count.
  const EXPOSED = '2026-01-05T10:00:00.000Z';
  const AFTER = '2026-01-05T11:00:00.000Z';
  const BEFORE = '2026-01-05T09:00:00.000Z';

  async function seed(): Promise<void> {
    const db = shop.h.db;
    const hidden = Array.from({ length: 40 }, () => randomUUID());
    const shown = Array.from({ length: 40 }, () => randomUUID());
    const exposure = (visitor_id: string, variant: string) => ({
      visitor_id,
      experiment: 'recent_product_views',
      variant,
      locale: 'no',
      exposed_at: EXPOSED,
    });
    await db
      .insertInto('experiment_exposures')
      .values([...hidden.map((v) => exposure(v, 'hidden')), ...shown.map((v) => exposure(v, 'shown'))])
      .execute();
    const add = (visitor_id: string, added_at = AFTER) => ({ id: randomUUID(), visitor_id, locale: 'no', sku: 'S', quantity: 1, added_at });
    await db
      .insertInto('experiment_cart_adds')
      .values([
        ...hidden.slice(0, 10).map((v) => add(v)),
        ...hidden.slice(0, 4).map((v) => add(v)),
        ...shown.slice(0, 20).map((v) => add(v)),
        add(shown[30]!, BEFORE),
      ])
      .execute();
    let n = 0;
    const order = (visitor: string, totalMinor: number, created_at = AFTER) => ({
      id: `EXPTEST-${Date.now()}-${n++}`,
      locale: 'no',
      email: '',
      customer_id: null,
      status: 'placed',
      currency: 'NOK',
      total: totalMinor / 100,
      total_minor: totalMinor,
      items: '[]',
      created_at,
      checkout_id: null,
      payment_status: 'authorized',
      delivered_at: null,
      experiment_visitor_id: visitor,
    });
    await db
      .insertInto('orders')
      .values([
        order(hidden[0]!, 10_000),
        order(hidden[0]!, 5_000),
        ...hidden.slice(1, 4).map((v) => order(v, 20_000)),
        ...shown.slice(0, 12).map((v) => order(v, 30_000)),
        order(shown[39]!, 99_999, BEFORE),
      ])
      .execute();
  }

  const expectKnownFigures = (report: { experiment: string; control: string; variants: any[] }) => {
    expect(report.experiment).toBe('recent_product_views');
    expect(report.control).toBe('hidden');
    const [shown, hidden] = report.variants;
    expect(hidden).toMatchObject({
      variant: 'hidden',
      control: true,
      visitors: 40,
      add_to_cart_visitors: 10,
      add_to_carts: 14,
      buyers: 4,
      orders: 5,
      conversion_rate: 0.1,
      revenue: [{ currency: 'NOK', revenue_minor: 75_000, per_visitor_minor: 1875 }],
      vs_control: null,
    });
    expect(hidden.conversion_ci.low).toBeCloseTo(0.0395795, 6);
    expect(hidden.conversion_ci.high).toBeCloseTo(0.2305178, 6);
    expect(shown).toMatchObject({
      variant: 'shown',
      control: false,
      visitors: 40,
      add_to_cart_visitors: 20,
      add_to_carts: 20,
      buyers: 12,
      orders: 12,
      conversion_rate: 0.3,
      revenue: [{ currency: 'NOK', revenue_minor: 360_000, per_visitor_minor: 9000 }],
    });
    expect(shown.conversion_ci.low).toBeCloseTo(0.1807485, 6);
    expect(shown.conversion_ci.high).toBeCloseTo(0.4543002, 6);
    expect(shown.vs_control.control).toBe('hidden');
    expect(shown.vs_control.difference).toBeCloseTo(0.2, 12);
    expect(shown.vs_control.z).toBeCloseTo(2.236068, 5);
    expect(shown.vs_control.pValue).toBeCloseTo(0.0253473, 5);
    expect(shown.vs_control.significant).toBe(true);
  };

  it('computes the figures from exposures, add-to-carts and orders (operator API, CLI)', async () => {
    await seed();
    const auth = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
    const r = await request(api('/api/operator/experiments/report', 'no', '&experiment=recent_product_views'), { headers: auth });
    expect(r.status, r.body).toBe(200);
    const body = r.json();
    expect(body.scope).toBe('no');
    expect(body.experiments).toHaveLength(1);
    expectKnownFigures(body.experiments[0]);

    // another storefront's visitors are not this storefront's report; scope=all counts every storefront
    const sv = await request(api('/api/operator/experiments/report', 'sv', '&experiment=recent_product_views'), { headers: auth });
    expect(sv.json().experiments).toEqual([]);
    const all = await request(api('/api/operator/experiments/report', 'sv', '&experiment=recent_product_views&scope=all'), {
      headers: auth,
    });
    expectKnownFigures(all.json().experiments[0]);

    const lines: string[] = [];
    expect(
      await experimentsCommand(shop.h.db, ['report', '--experiment', 'recent_product_views', '--locale', 'no'], (l) => lines.push(l)),
    ).toBe(0);
    const text = lines.join('\n');
    expect(text).toMatch(/hidden \(control\)\s+40\s+10\s+14\s+4\s+5\s+10\.00 %\s+3\.96 % – 23\.05 %\s+1875 NOK\s+—/);
    expect(text).toMatch(/shown\s+40\s+20\s+20\s+12\s+12\s+30\.00 %\s+18\.07 % – 45\.43 %\s+9000 NOK\s+\+20\.00 pt, p=0\.0253 significant/);
    expect(await experimentsCommand(shop.h.db, ['report', '--locale', 'de'], () => {})).toBe(2);
  });

  it('shows the same figures on the back office experiments page to staff; editors and strangers get none', async () => {
    const page = '/experiments?experiment=recent_product_views&storefront=no';
    const stranger = await boGet(page);
    expect(stranger.status).toBe(303);
    expect(stranger.headers.location).toMatch(/^\/login/);
    const editor = await staffSession(shop.h, 'editor');
    expect((await boGet(page, editor.cookie)).status).toBe(403);
    const staff = await staffSession(shop.h, 'read_only');
    const blank = await boGet('/experiments?experiment=', staff.cookie);
    expect(blank.status).toBe(200);
    expect(blank.headers['cache-control']).toBe('no-store');
    expect(blank.body).toContain('data-testid="experiments-report-form"');

    const shown = await boGet(page, staff.cookie);
    expect(shown.status).toBe(200);
    const cells = (variant: string) => {
      const row = new RegExp(`data-variant="${variant}"[^>]*>([\\s\\S]*?)</tr>`).exec(shown.body)![1];
      return Object.fromEntries(
        [...row.matchAll(/data-cell="(\w+)"[^>]*>([\s\S]*?)<\/td>/g)].map(([, k, v]) => [
          k,
          v!
            .replace(/<[^>]+>/g, '')
            .replace(/\s+/g, ' ')
            .trim(),
        ]),
      );
    };
    // the member's language (English by default), the same figures as the CLI and the API
    expect(cells('hidden')).toMatchObject({ visitors: '40', add_to_cart_visitors: '10', add_to_carts: '14', buyers: '4', orders: '5' });
    expect(cells('hidden').conversion).toMatch(/^10\.00\s?%$/);
    expect(cells('hidden').ci).toMatch(/^3\.96\s?% – 23\.05\s?%$/);
    expect(cells('hidden').revenue).toMatch(/18\.75/);
    expect(cells('shown')).toMatchObject({ visitors: '40', buyers: '12', orders: '12' });
    expect(cells('shown').conversion).toMatch(/^30\.00\s?%$/);
    expect(cells('shown').vs_control).toBe('significant, p = 0.0253');

    const invalid = await boGet('/experiments?experiment=colour', staff.cookie);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain('data-testid="experiments-report-invalid"');
    expect(invalid.body).not.toContain('data-testid="experiments-report-table"');
  });

  it('is for operators only, and validates its query', async () => {
    const none = await request(api('/api/operator/experiments/report'));
    expect(none.status).toBe(401);
    expect(errorCode(none)).toBe('unauthorized');
    const wrong = await request(api('/api/operator/experiments/report'), { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const badScope = await request(api('/api/operator/experiments/report', 'sv', '&scope=everything'), {
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    });
    expect(badScope.status).toBe(400);
    expect(errorCode(badScope)).toBe('invalid_request');
  });
});

// Last in the file: it uses up this file's per-IP allowance of event requests.
describe('POST /api/experiment-events rate limit', () => {
  it('answers 429 with Retry-After once one client sends too many requests, and stores nothing more', async () => {
    const visitor = randomUUID();
    let limited: Awaited<ReturnType<typeof events>> | undefined;
    let accepted = 0;
    for (let i = 0; i < 80 && !limited; i++) {
      const r = await events({ visitor_id: visitor, events: [{ type: 'add_to_cart', sku: `RL-${i}`, quantity: 1 }] });
      if (r.status === 429) limited = r;
      else {
        expect(r.status).toBe(200);
        accepted++;
      }
    }
    expect(limited).toBeDefined();
    expect(errorCode(limited!)).toBe('rate_limited');
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(60);
    expect(await addsOf(visitor)).toHaveLength(accepted);
  });
});
