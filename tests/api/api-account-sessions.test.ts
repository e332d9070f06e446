/**
 * Sessions in cookies (docs/product/accounts.md#tokens): cookie flags, refresh rotation, reuse revokes the family,
 * logout, expiry (time injected into the services), guest-order sessions alike, Bearer for API callers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { api, openTestDb, productsOf } from './api-support.ts';
import { cookieHeader, setCookies } from './auth-cookies.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { authResponseSchema, orderAuthResponseSchema } from '#lib/api/auth-contracts.ts';
import { rotateRefreshToken, startSession } from '#server/auth/sessions.ts';
import { resolveVisitor } from '#server/auth/visitor.ts';
import { tokenHash } from '#server/security/token-hash.ts';
import { formatOrderNumber } from '#lib/orders/order-number.ts';

let h: DbHandle;
const EMAIL = 'sessions-suite@partsfront.test';
const PASSWORD = 'sessions suite secret';
const ID = 9101;
// a number from the reserved sequences (src/lib/orders/order-number.ts): the guest login reads it by the rule
const ORDER = { id: formatOrderNumber(100_093), email: 'sessions-guest@partsfront.test' };

beforeAll(async () => {
  h = openTestDb();
  await h.db.deleteFrom('customers').where('email', '=', EMAIL).execute();
  await h.db.deleteFrom('orders').where('id', '=', ORDER.id).execute();
  await h.db
    .insertInto('customers')
    .values({
      id: ID,
      email: EMAIL,
      name: 'Session Suite',
      password_hash: await hashPassword(PASSWORD),
      discounts: '{"A":12}',
      created_at: new Date().toISOString(),
    })
    .execute();
  await h.db
    .insertInto('orders')
    .values({
      id: ORDER.id,
      locale: 'sv',
      email: ORDER.email,
      customer_id: null,
      status: 'placed',
      currency: 'SEK',
      total: 10,
      items: '[]',
      created_at: new Date().toISOString(),
    })
    .execute();
});
afterAll(async () => {
  await h.db.deleteFrom('customers').where('email', '=', EMAIL).execute();
  await h.db.deleteFrom('orders').where('id', '=', ORDER.id).execute();
  await h.db.destroy();
});

const login = () => postJson(api('/api/auth/login'), { email: EMAIL, password: PASSWORD });
const profile = (headers: Record<string, string>) => request(api('/api/auth/profile'), { headers });
const refreshWithCookie = (headers: Record<string, string>) => postJson(api('/api/auth/refresh'), {}, headers);

describe('account sessions in cookies', () => {
  it('sets httpOnly, SameSite=Lax, Path=/ cookies with Max-Age 3600 (no Secure on plain http)', async () => {
    const r = await login();
    expect(r.status).toBe(200);
    const body = authResponseSchema.parse(r.json());
    expect(body.expires_in).toBe(3600);
    const jar = setCookies(r);
    for (const name of ['pf_access', 'pf_refresh']) {
      const c = jar.get(name)!;
      expect(c, name).toBeDefined();
      expect(c.attrs).toMatchObject({ httponly: '', samesite: 'Lax', path: '/', 'max-age': '3600' });
      expect(c.attrs).not.toHaveProperty('secure');
    }
    // the cookies are the tokens of the answer, and the server keeps only a hash of the refresh token
    expect(jar.get('pf_access')!.value).toBe(body.access_token);
    expect(jar.get('pf_refresh')!.value).toBe(body.refresh_token);
    const stored = await h.db.selectFrom('auth_refresh_tokens').select('token_hash').where('customer_id', '=', ID).execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.map((s) => s.token_hash)).not.toContain(body.refresh_token);
    // the cookie alone is a session: profile, and the customer's discount in the cart
    const p = await profile(cookieHeader(r));
    expect(p.status).toBe(200);
    expect(p.json().user).toMatchObject({ id: ID, discount: { A: 12 } });
    const product = (await productsOf(h, 'sv')).find((x) => x.orderable === 1 && x.discount_category === 'A' && x.group_id !== 40)!;
    const items = [{ sku: product.sku, quantity: 1 }];
    const anon = (await postJson(api('/api/sync-cart'), { items })).json()[0].price;
    const mine = (await postJson(api('/api/sync-cart'), { items }, cookieHeader(r))).json()[0].price;
    expect(mine).toBeLessThan(anon);
  });

  it('rotates the refresh token on every use; reusing an old one answers 401 and revokes the whole family', async () => {
    const first = await login();
    const r1 = await refreshWithCookie(cookieHeader(first));
    expect(r1.status).toBe(200);
    const b1 = authResponseSchema.parse(r1.json());
    expect(b1.refresh_token).not.toBe(first.json().refresh_token);
    expect(setCookies(r1).get('pf_refresh')!.value).toBe(b1.refresh_token);
    // the successor works (rotates again) …
    const r2 = await postJson(api('/api/auth/refresh'), { refresh_token: b1.refresh_token });
    expect(r2.status).toBe(200);
    const b2 = authResponseSchema.parse(r2.json());
    expect((await profile({ authorization: `Bearer ${b2.access_token}` })).status).toBe(200);
    // … the first token again is reuse: 401, cookies cleared, and every token of the family is dead
    const reuse = await refreshWithCookie(cookieHeader(first));
    expect(reuse.status).toBe(401);
    expect(reuse.json().error.code).toBe('invalid_token');
    expect(Date.parse(setCookies(reuse).get('pf_refresh')!.attrs.expires!)).toBeLessThan(Date.now());
    expect((await postJson(api('/api/auth/refresh'), { refresh_token: b2.refresh_token })).status).toBe(401);
    expect((await profile({ authorization: `Bearer ${b2.access_token}` })).status).toBe(401);
    const family = await h.db
      .selectFrom('auth_refresh_tokens')
      .select('family_id')
      .where('customer_id', '=', ID)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const fam = await h.db.selectFrom('auth_token_families').selectAll().where('id', '=', family.family_id).executeTakeFirstOrThrow();
    expect(fam.revoke_reason).toBe('refresh token reused');
    // another login is a new family and unaffected
    expect((await profile(cookieHeader(await login()))).status).toBe(200);
  });

  it('logout revokes the family and clears the cookies; logging out again is fine', async () => {
    const r = await login();
    const cookies = cookieHeader(r);
    const out = await postJson(api('/api/auth/logout'), {}, cookies);
    expect(out.status).toBe(200);
    expect(out.json()).toEqual({ status: 'logged_out' });
    const cleared = setCookies(out);
    for (const name of ['pf_access', 'pf_refresh']) {
      const c = cleared.get(name)!;
      expect(c.attrs).toMatchObject({ httponly: '', path: '/' });
      expect(Date.parse(c.attrs.expires!)).toBeLessThan(Date.now());
    }
    expect((await profile(cookies)).status).toBe(401);
    expect((await refreshWithCookie(cookies)).status).toBe(401);
    expect((await postJson(api('/api/auth/logout'), {}, cookies)).status).toBe(200);
  });

  it('refuses expired refresh tokens and access tokens (time injected into the services)', async () => {
    const t0 = Date.UTC(2026, 0, 1, 12);
    const s = await startSession(h.db, { scope: 'my-account', customerId: ID }, t0);
    expect(await rotateRefreshToken(h.db, s.refresh_token, 'my-account', t0 + 3600_000)).toEqual({ ok: false, reason: 'expired' });
    const s2 = await startSession(h.db, { scope: 'my-account', customerId: ID }, t0);
    const within = await rotateRefreshToken(h.db, s2.refresh_token, 'my-account', t0 + 3599_000);
    expect(within.ok).toBe(true);
    // an access token past its 3600 s: anonymous; the refresh cookie of the same family renews the session
    const req = new Request('http://sv.localhost/');
    const jar = fakeCookies({ pf_access: s2.access_token, pf_refresh: within.ok ? within.tokens.refresh_token : '' });
    expect(await resolveVisitor(h.db, req, jar.cookies, t0 + 3599_000)).toEqual({ kind: 'customer', customerId: ID });
    const later = await resolveVisitor(h.db, req, jar.cookies, t0 + 6600_000);
    expect(later).toEqual({ kind: 'customer', customerId: ID });
    expect(jar.set.get('pf_refresh')).toBeDefined(); // rotated: new cookies
    // a wrong-scope token is refused by the other strategy
    expect((await rotateRefreshToken(h.db, jar.set.get('pf_refresh')!, 'my-order', t0 + 6600_000)).ok).toBe(false);
    // a day after expiry the rows are pruned (with the next session); such a token is then simply unknown
    const stored = () =>
      h.db.selectFrom('auth_refresh_tokens').select('token_hash').where('token_hash', '=', tokenHash(s.refresh_token)).executeTakeFirst();
    expect(await stored()).toBeDefined();
    await startSession(h.db, { scope: 'my-account', customerId: ID }, t0 + 3600_000 + 24 * 3600_000 + 1);
    expect(await stored()).toBeUndefined();
    expect(await rotateRefreshToken(h.db, s.refresh_token, 'my-account', t0 + 3 * 24 * 3600_000)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('keeps guest-order sessions the same way: cookies, rotation, reuse revokes', async () => {
    const r = await postJson(api('/api/order-auth/login'), { order_id: ORDER.id, email: ORDER.email });
    expect(r.status).toBe(200);
    const body = orderAuthResponseSchema.parse(r.json());
    expect(setCookies(r).get('pf_access')!.attrs).toMatchObject({ httponly: '', samesite: 'Lax' });
    const info = await request(api('/api/order-auth/info'), { headers: cookieHeader(r) });
    expect(info.json().order.id).toBe(ORDER.id);
    const rotated = await postJson(api('/api/order-auth/refresh'), {}, cookieHeader(r));
    expect(rotated.status).toBe(200);
    // an account refresh endpoint does not take a guest token
    expect((await postJson(api('/api/auth/refresh'), { refresh_token: rotated.json().refresh_token })).status).toBe(401);
    expect((await postJson(api('/api/order-auth/refresh'), { refresh_token: body.refresh_token })).status).toBe(401);
    expect((await postJson(api('/api/order-auth/refresh'), { refresh_token: rotated.json().refresh_token })).status).toBe(401);
    expect((await request(api('/api/order-auth/info'), { headers: cookieHeader(rotated) })).status).toBe(401);
  });

  it('a new login from a browser that holds a session ends that session (one cookie slot, no orphaned family)', async () => {
    const before = await login();
    const again = await postJson(api('/api/auth/login'), { email: EMAIL, password: PASSWORD }, cookieHeader(before));
    expect(again.status).toBe(200);
    expect((await postJson(api('/api/auth/refresh'), { refresh_token: before.json().refresh_token })).status).toBe(401);
    expect((await profile({ authorization: `Bearer ${before.json().access_token}` })).status).toBe(401);
    expect((await profile(cookieHeader(again))).status).toBe(200);
  });

  it('answers refresh without any token with 401, and bad input with 400', async () => {
    expect((await refreshWithCookie({})).status).toBe(401);
    expect((await postJson(api('/api/auth/refresh'), { refresh_token: 5 })).status).toBe(400);
    expect((await postJson(api('/api/auth/logout').replace(/\?.*$/, ''), {})).status).toBe(400);
  });
});

/** An AstroCookies stand-in: reads the given cookies, records what is set. */
function fakeCookies(initial: Record<string, string>) {
  const set = new Map<string, string>();
  const cookies = {
    get: (name: string) => {
      const v = set.get(name) ?? initial[name];
      return v ? { value: v } : undefined;
    },
    set: (name: string, value: string) => void set.set(name, value),
    delete: (name: string) => void set.set(name, ''),
  } as unknown as Parameters<typeof resolveVisitor>[2];
  return { cookies, set };
}
