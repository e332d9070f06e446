/**
 * Social proof and personalisation tracking against the real server, on SQLite and PostgreSQL
 * (docs/product/tracking.md, docs/product/api.md#product-activity): views counted per hour without visitor
 * data, counts answered from seeded views and today's orders, bad input refused; the personalisation
 * service's visitor id and purchase report through the sandbox emulator, its failure answered 503.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { apiErrorSchema } from '#lib/api/errors.ts';
import { productActivitySchema, personalisationVisitorSchema } from '#lib/api/tracking-contracts.ts';
import { hourBucket } from '#lib/tracking/social-proof.ts';
import { localDayOf } from '#lib/market/local-day.ts';
import { sandboxWebsiteUuid } from '#server/tracking/personalisation-config.ts';
import { api, raw, productsOf, type TestProduct } from './api-support.ts';
import { inStock, place, sandbox, useCheckoutApi } from './checkout-api-fixtures.ts';

const shop = useCheckoutApi({ products: { sv: (all) => all.filter(inStock(20)).slice(-47, -45) } });
const errorCode = (r: { json(): unknown }) => apiErrorSchema.parse(r.json()).error.code;
const activity = async (sku: string, locale: 'nl' | 'sv' = 'nl') => {
  const r = await request(api(`/api/product-activity?sku=${encodeURIComponent(sku)}`, locale));
  expect(r.status, r.body).toBe(200);
  return productActivitySchema.parse(r.json());
};

/** Products no checkout suite orders (not in stock), so today's orders of them are only the seeded ones. */
let quiet: TestProduct[];
beforeAll(async () => {
  quiet = (await productsOf(shop.h, 'nl')).filter((p) => p.stock_status !== 'in-stock').slice(-3);
  expect(quiet).toHaveLength(3);
});

async function seedOrder(locale: string, createdAt: Date, items: { sku: string; quantity: number }[], status = 'placed') {
  await shop.h.db
    .insertInto('orders')
    .values({
      id: `T${randomUUID().slice(0, 8)}`,
      locale,
      email: 'social-proof@example.com',
      customer_id: null,
      status,
      currency: 'EUR',
      total: 10,
      items: JSON.stringify(items.map((i) => ({ ...i, name: 'x', price: 5 }))),
      created_at: createdAt.toISOString(),
    })
    .execute();
}

describe('product views and activity', () => {
  it('answers views of the last 24 hours and units bought today from seeded views and orders', async () => {
    const [p, other] = quiet;
    const now = new Date();
    const midnight = localDayOf(now, 'Europe/Amsterdam').from;
    // today: 2 + 3 units of p (one order also holds another product); not counted: yesterday, cancelled, sv, other sku
    await seedOrder('nl', new Date(Math.max(midnight.getTime() + 1000, now.getTime() - 60_000)), [
      { sku: p!.sku, quantity: 2 },
      { sku: other!.sku, quantity: 7 },
    ]);
    await seedOrder('nl', now, [{ sku: p!.sku, quantity: 3 }]);
    await seedOrder('nl', new Date(midnight.getTime() - 1000), [{ sku: p!.sku, quantity: 11 }]);
    await seedOrder('nl', now, [{ sku: p!.sku, quantity: 13 }], 'cancelled');
    await seedOrder('sv', now, [{ sku: p!.sku, quantity: 17 }]);
    // views: 4 through the API now, 6 seeded 20 hours ago (inside the window), 50 seeded 30 hours ago (outside)
    for (let i = 0; i < 4; i++) expect((await postJson(api('/api/product-views', 'nl'), { sku: p!.sku })).status).toBe(204);
    await shop.h.db
      .insertInto('product_view_counts')
      .values([
        { locale: 'nl', sku: p!.sku, hour: hourBucket(new Date(now.getTime() - 20 * 3_600_000)), views: 6 },
        { locale: 'nl', sku: p!.sku, hour: hourBucket(new Date(now.getTime() - 30 * 3_600_000)), views: 50 },
        { locale: 'sv', sku: p!.sku, hour: hourBucket(now), views: 99 },
      ])
      .execute();

    const r = await request(api(`/api/product-activity?sku=${p!.sku}`, 'nl'));
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=60');
    expect(productActivitySchema.parse(r.json())).toEqual({ sku: p!.sku, viewed_recently: 10, bought_today: 5, window_hours: 24 });
    expect(await activity(other!.sku)).toEqual({ sku: other!.sku, viewed_recently: 0, bought_today: 7, window_hours: 24 });
  });

  it('stores an hour counter per storefront and product, nothing about the visitor', async () => {
    const p = quiet[2]!;
    for (let i = 0; i < 3; i++)
      expect(
        (await postJson(api('/api/product-views', 'nl'), { sku: p.sku }, { cookie: '__consent=31; td=1', 'user-agent': 'UA-X' })).status,
      ).toBe(204);
    const rows = await shop.h.db.selectFrom('product_view_counts').selectAll().where('sku', '=', p.sku).execute();
    expect(rows).toEqual([{ locale: 'nl', sku: p.sku, hour: hourBucket(new Date()), views: 3 }]);
  });

  it('refuses bad input with 4xx JSON errors and stores nothing', async () => {
    const sku = quiet[0]!.sku;
    const cases: [Promise<{ status: number; json(): unknown }>, number, string][] = [
      [postJson(api('/api/product-views', 'nl'), {}), 400, 'invalid_request'],
      [postJson(api('/api/product-views', 'nl'), { sku: '' }), 400, 'invalid_request'],
      [postJson(api('/api/product-views', 'nl'), { sku, visitor: 'me' }), 400, 'invalid_request'],
      [postJson(api('/api/product-views', 'nl'), { sku: 'NO-SUCH-SKU-1' }), 404, 'not_found'],
      [postJson(raw('/api/product-views', 'nl'), { sku }), 400, 'bad_locale'],
      [postJson(api('/api/product-views', 'sv').replace('sid=1', 'sid=3'), { sku }), 400, 'bad_locale'],
      [request(api('/api/product-views', 'nl')), 405, 'method_not_allowed'],
      [request(api('/api/product-activity', 'nl')), 400, 'invalid_request'],
      [request(api(`/api/product-activity?sku=${'x'.repeat(65)}`, 'nl')), 400, 'invalid_request'],
      [request(api('/api/product-activity?sku=NO-SUCH-SKU-1', 'nl')), 404, 'not_found'],
      [request(raw(`/api/product-activity?sku=${sku}`, 'nl')), 400, 'bad_locale'],
    ];
    for (const [pending, status, code] of cases) {
      const r = await pending;
      expect(r.status).toBe(status);
      expect(errorCode(r)).toBe(code);
    }
    expect(await shop.h.db.selectFrom('product_view_counts').select('sku').where('sku', '=', 'NO-SUCH-SKU-1').execute()).toEqual([]);
  });
});

interface Received {
  received: { body: Record<string, unknown>; answered: { id: string } | null }[];
}
const tracking = async () => (await (await fetch(`${sandbox}/depict/_sandbox/tracking`)).json()) as Received;
const trackingControl = (body: unknown) =>
  fetch(`${sandbox}/depict/_sandbox/tracking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('personalisation tracking', () => {
  it('answers the service’s visitor id for the storefront’s websiteUUid', async () => {
    const r = await postJson(api('/api/personalisation/visitor', 'fi'), {});
    expect(r.status, r.body).toBe(200);
    const { id } = personalisationVisitorSchema.parse(r.json());
    const call = (await tracking()).received.find((c) => c.answered?.id === id);
    expect(call?.body).toEqual({ websiteUUid: sandboxWebsiteUuid('fi') });
  });

  it('reports the order of a checkout for the visitor; unknown checkout 404, bad input 400, service down 503', async () => {
    const v = await shop.ready('invoice');
    const placed = await place(v.id);
    expect(placed.status, placed.body).toBe(200);
    const visitor = randomUUID();
    const r = await postJson(api('/api/personalisation/purchase'), { checkout_id: v.id, visitor_id: visitor });
    expect(r.status, r.body).toBe(204);
    const [order] = await shop.ordersOf(v.id);
    const call = (await tracking()).received.find((c) => c.body.id === visitor);
    expect(call?.body).toEqual({
      websiteUUid: sandboxWebsiteUuid('sv'),
      id: visitor,
      event: 'purchase',
      transaction_id: order!.id,
      currency: 'SEK',
      value_minor: v.totals.total_minor,
      items: v.items.filter((l) => l.quantity > 0).map((l) => ({ sku: l.sku, quantity: l.quantity, unit_price_minor: expect.any(Number) })),
    });
    // the checkout id is the key: another storefront's or a made-up one reaches no order
    expect((await postJson(api('/api/personalisation/purchase', 'fi'), { checkout_id: v.id, visitor_id: visitor })).status).toBe(404);
    expect((await postJson(api('/api/personalisation/purchase'), { checkout_id: 'no-such-checkout', visitor_id: visitor })).status).toBe(
      404,
    );
    const bad = await postJson(api('/api/personalisation/purchase'), { checkout_id: 'a b', visitor_id: visitor });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'invalid_request']);
    const extra = await postJson(api('/api/personalisation/purchase'), { checkout_id: v.id });
    expect([extra.status, errorCode(extra)]).toEqual([400, 'invalid_request']);

    await trackingControl({ fail: 1, id: visitor });
    const down = await postJson(api('/api/personalisation/purchase'), { checkout_id: v.id, visitor_id: visitor });
    expect([down.status, errorCode(down)]).toEqual([503, 'provider_unavailable']);
  });
});

describe('product views rate limit', () => {
  // last in the file: it uses up this client's minute
  it('answers 429 with Retry-After once a client counts more than 120 views a minute', async () => {
    const sku = quiet[1]!.sku;
    let limited: Awaited<ReturnType<typeof postJson>> | undefined;
    let counted = 0;
    for (let i = 0; i < 130 && !limited; i++) {
      const r = await postJson(api('/api/product-views', 'nl'), { sku });
      if (r.status === 429) limited = r;
      else {
        expect(r.status).toBe(204);
        counted++;
      }
    }
    expect(limited).toBeDefined();
    expect(errorCode(limited!)).toBe('rate_limited');
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    // the earlier tests of this file counted views too: together at most the limit
    expect(counted).toBeLessThanOrEqual(120);
    const row = await shop.h.db
      .selectFrom('product_view_counts')
      .select('views')
      .where('sku', '=', sku)
      .where('locale', '=', 'nl')
      .executeTakeFirst();
    expect(Number(row?.views)).toBe(counted);
  });
});
