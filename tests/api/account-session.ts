/**
 * A logged-in client for page tests: the session cookies the login endpoints set, as one Cookie header.
 * (Before the endpoints set cookies, the access token of the answer was sent as the access cookie; one
 * function, so a change of how sessions travel is mended here.)
 */
import { expect } from 'vitest';
import type { LocaleCode } from '#lib/market/locales.ts';
import { postJson, type TestResponse } from '#tests/support/http.ts';
import { api } from './api-support.ts';

export function cookieHeader(r: TestResponse): string {
  expect(r.status, r.body).toBe(200);
  const set = r.headers['set-cookie'] ?? [];
  const pairs = set.map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('='));
  return pairs.length ? pairs.join('; ') : `pf_access=${String(r.json<{ access_token: string }>().access_token)}`;
}

/** POST /api/auth/login → the customer's cookies. */
export async function accountCookies(email: string, password: string, locale: LocaleCode = 'sv'): Promise<string> {
  return cookieHeader(await postJson(api('/api/auth/login', locale), { email, password }));
}

/** POST /api/order-auth/login → the guest's cookies for that one order. */
export async function guestCookies(orderId: string, email: string, locale: LocaleCode = 'sv'): Promise<string> {
  return cookieHeader(await postJson(api('/api/order-auth/login', locale), { order_id: orderId, email }));
}
