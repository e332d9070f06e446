/** myAccount auth (POST /api/auth/login, /refresh, GET /profile) and the customer's discounts in the cart. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { api, openTestDb, productsOf, type TestProduct } from './api-support.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { authResponseSchema } from '#lib/api/auth-contracts.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { roundTo } from '#lib/pricing/vat.ts';

let h: DbHandle;
let sv: TestProduct[];
const EMAIL = 'api-suite@partsfront.test';
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  h = openTestDb();
  sv = await productsOf(h, 'sv');
  await h.db.deleteFrom('customers').where('email', '=', EMAIL).execute();
  await h.db
    .insertInto('customers')
    .values({
      id: 9001,
      email: EMAIL,
      name: 'Api Suite',
      password_hash: await hashPassword(PASSWORD),
      discounts: JSON.stringify({ A: 12 }),
      created_at: new Date().toISOString(),
    })
    .execute();
});
afterAll(async () => {
  await h.db.deleteFrom('customers').where('email', '=', EMAIL).execute();
  await h.db.destroy();
});

const login = (email: string, password: string) => postJson(api('/api/auth/login'), { email, password });

describe('auth (myAccount)', () => {
  it('logs in and answers tokens and the user with the discount map', async () => {
    const r = await login(' API-Suite@partsfront.test ', PASSWORD);
    expect(r.status).toBe(200);
    const body = authResponseSchema.parse(r.json());
    expect(body.user).toEqual({ id: 9001, email: EMAIL, name: 'Api Suite', discount: { A: 12 } });
    expect(body.expires_in).toBe(3600);
    const profile = await request(api('/api/auth/profile'), { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(profile.status).toBe(200);
    expect(profile.json().user.id).toBe(9001);
    const refreshed = await postJson(api('/api/auth/refresh'), { refresh_token: body.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(authResponseSchema.parse(refreshed.json()).user.id).toBe(9001);
    // a refresh token is not an access token, and vice versa
    expect((await request(api('/api/auth/profile'), { headers: { authorization: `Bearer ${body.refresh_token}` } })).status).toBe(401);
    expect((await postJson(api('/api/auth/refresh'), { refresh_token: body.access_token })).status).toBe(401);
  });

  it('answers 401 JSON for a wrong password, an unknown email and a missing token', async () => {
    for (const r of [
      await login(EMAIL, 'wrong'),
      await login('nobody@partsfront.test', PASSWORD),
      await request(api('/api/auth/profile')),
    ]) {
      expect(r.status).toBe(401);
      expect(r.json().error.code).toMatch(/invalid_credentials|unauthorized/);
    }
  });

  it('gives a logged-in customer their category discount and CUSTOMERDISCOUNT; anonymous carts get neither', async () => {
    const p = sv.find((x) => x.orderable === 1 && x.discount_category === 'A' && x.group_id !== 40 && x.stock_status !== 'in-stock')!;
    const { access_token } = (await login(EMAIL, PASSWORD)).json();
    const auth = { authorization: `Bearer ${access_token}` };
    const items = [{ sku: p.sku, quantity: 2 }];
    const anon = await postJson(api('/api/sync-cart'), { items });
    expect(anon.json()[0].price).toBe(unitPrice(p.prices, 2));
    const mine = await postJson(api('/api/sync-cart'), { items }, auth);
    expect(mine.json()[0].price).toBe(roundTo(unitPrice(p.prices, 2) * 0.88, 2));
    const coupons = await postJson(
      api('/api/sync-coupons'),
      { coupons: ['CUSTOMERDISCOUNT'], cart_contents: items, ignoreCache: true },
      auth,
    );
    expect(coupons.json()[0]).toMatchObject({ code: 'CUSTOMERDISCOUNT', applied: true, fixed_amount: 100 });
  });

  it('rate-limits failed login attempts per IP with 429 JSON; then even the right password waits', async () => {
    let status = 0;
    for (let i = 0; i < 15 && status !== 429; i++) status = (await login(EMAIL, `guess-${i}`)).status;
    expect(status).toBe(429);
    const right = await login(EMAIL, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.json().error.code).toBe('rate_limited');
  });
});
