/** myOrder auth (POST /api/order-auth/login, /refresh, GET /info): a guest opens exactly one order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { api, openTestDb } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { orderAuthResponseSchema, orderInfoResponseSchema } from '#lib/api/auth-contracts.ts';
import { formatOrderNumber } from '#lib/orders/order-number.ts';

let h: DbHandle;
// Numbers from the reserved sequences below the real orders' counter (src/lib/orders/order-number.ts).
const ORDER = { id: formatOrderNumber(100_090), email: 'Guest@Example.test' };
const OTHER = { id: formatOrderNumber(100_091), email: 'someone-else@example.test' };

beforeAll(async () => {
  h = openTestDb();
  await h.db.deleteFrom('orders').where('id', 'in', [ORDER.id, OTHER.id]).execute();
  const base = { locale: 'sv', customer_id: null, status: 'shipped', currency: 'SEK', created_at: '2026-11-20T10:00:00.000Z' };
  await h.db
    .insertInto('orders')
    .values([
      {
        ...base,
        id: ORDER.id,
        email: ORDER.email.toLowerCase(),
        total: 398,
        items: JSON.stringify([{ sku: 'X-1', name: 'Filter', quantity: 2, price: 199 }]),
      },
      { ...base, id: OTHER.id, email: OTHER.email, total: 99, items: '[]' },
    ])
    .execute();
});
afterAll(async () => {
  await h.db.deleteFrom('orders').where('id', 'in', [ORDER.id, OTHER.id]).execute();
  await h.db.destroy();
});

const login = (order_id: unknown, email: unknown) => postJson(api('/api/order-auth/login'), { order_id, email });
const info = (token: string) => request(api('/api/order-auth/info'), { headers: { authorization: `Bearer ${token}` } });

describe('guest order access', () => {
  it('opens the order with its number and e-mail (any case) and names only that order', async () => {
    const r = await login(ORDER.id, ORDER.email.toUpperCase());
    expect(r.status).toBe(200);
    const body = orderAuthResponseSchema.parse(r.json());
    expect(body.user).toEqual({ scope: 'my-order', order_id: ORDER.id, email: ORDER.email.toLowerCase() });
    const i = await info(body.access_token);
    expect(i.status).toBe(200);
    const order = orderInfoResponseSchema.parse(i.json()).order;
    expect(order).toMatchObject({ id: ORDER.id, status: 'shipped', currency: 'SEK', total: 398 });
    expect(order.items).toEqual([{ sku: 'X-1', name: 'Filter', quantity: 2, price: 199 }]);
  });

  it('answers a wrong e-mail and an unknown order number alike', async () => {
    const wrongEmail = await login(ORDER.id, OTHER.email);
    const unknown = await login(formatOrderNumber(100_092), ORDER.email);
    expect(wrongEmail.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongEmail.json()).toEqual(unknown.json());
  });

  it('reads the number by the order-number rule: spaces, dashes and # are ignored, a wrong check digit opens nothing', async () => {
    const typed = `#${ORDER.id.slice(0, 3)} ${ORDER.id.slice(3, 5)}-${ORDER.id.slice(5)}`;
    const r = await login(typed, ORDER.email);
    expect(r.status).toBe(200);
    expect(orderAuthResponseSchema.parse(r.json()).user.order_id).toBe(ORDER.id);
    const typo = ORDER.id.slice(0, -1) + ((Number(ORDER.id.at(-1)) + 1) % 10);
    const refused = await login(typo, ORDER.email);
    expect(refused.status).toBe(401);
    expect(refused.json()).toEqual((await login(ORDER.id, OTHER.email)).json());
  });

  it('refreshes a guest token into a new pair for the same order', async () => {
    const first = orderAuthResponseSchema.parse((await login(ORDER.id, ORDER.email)).json());
    const r = await postJson(api('/api/order-auth/refresh'), { refresh_token: first.refresh_token });
    expect(r.status).toBe(200);
    const next = orderAuthResponseSchema.parse(r.json());
    expect(next.user.order_id).toBe(ORDER.id);
    expect((await info(next.access_token)).status).toBe(200);
    // an access token is not a refresh token
    expect((await postJson(api('/api/order-auth/refresh'), { refresh_token: first.access_token })).status).toBe(401);
  });

  it('keeps guest and account tokens apart', async () => {
    const guest = orderAuthResponseSchema.parse((await login(ORDER.id, ORDER.email)).json());
    const profile = await request(api('/api/auth/profile'), { headers: { authorization: `Bearer ${guest.access_token}` } });
    expect(profile.status).toBe(401);
    // (an account token opening /info is refused too: tests/unit/api-auth-tokens.test.ts, token scopes)
    expect((await postJson(api('/api/auth/refresh'), { refresh_token: guest.refresh_token })).status).toBe(401);
  });

  it('refuses a missing or tampered token', async () => {
    expect((await request(api('/api/order-auth/info'))).status).toBe(401);
    const guest = orderAuthResponseSchema.parse((await login(ORDER.id, ORDER.email)).json());
    const [payload, sig] = guest.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, order_id: OTHER.id })).toString('base64url');
    const r = await info(`${forged}.${sig}`);
    expect(r.status).toBe(401);
    expect(r.body).not.toContain(OTHER.id);
  });

  it('validates input and needs locale + sid', async () => {
    for (const body of [
      { order_id: ORDER.id },
      { order_id: '', email: ORDER.email },
      { order_id: 'x'.repeat(100), email: ORDER.email },
      { order_id: ORDER.id, email: 5 },
    ]) {
      const r = await postJson(api('/api/order-auth/login'), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json().error.code).toEqual(expect.any(String));
    }
    const noStore = await postJson(api('/api/order-auth/login').replace(/\?.*$/, ''), { order_id: ORDER.id, email: ORDER.email });
    expect(noStore.status).toBe(400);
    expect((await request(api('/api/order-auth/login'))).status).toBe(405);
  });

  // Runs last: failed guesses count (AUTH_RATE_LIMIT, 10 a minute per IP, two used above); then the IP is
  // refused until the minute is over, even with the right number and e-mail.
  it('rate-limits order-number guessing per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12 && statuses.at(-1) !== 429; i++) statuses.push((await login(`PF-GUESS-${i}`, ORDER.email)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(9);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    const right = await login(ORDER.id, ORDER.email);
    expect(right.status).toBe(429);
    expect(right.json().error.code).toBe('rate_limited');
  });
});
