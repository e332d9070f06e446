import { describe, expect, it } from 'vitest';
import type { AstroCookies } from 'astro';
import {
  ACCESS_COOKIE,
  clearSessionCookies,
  cookieFromHeader,
  currentVisitor,
  isHttps,
  REFRESH_COOKIE,
  setSessionCookies,
  visitorOfToken,
} from '#server/auth/visitor.ts';
import { issueToken } from '#server/auth/tokens.ts';
import { isOpaqueToken, newOpaqueToken, tokenHash } from '#server/security/token-hash.ts';

/** Records what set/delete were called with; get reads `initial`. */
function recorder(initial: Record<string, string> = {}) {
  const calls: { op: string; name: string; value?: string; options: Record<string, unknown> }[] = [];
  const cookies = {
    get: (name: string) => (initial[name] ? { value: initial[name] } : undefined),
    set: (name: string, value: string, options: Record<string, unknown>) => void calls.push({ op: 'set', name, value, options }),
    delete: (name: string, options: Record<string, unknown>) => void calls.push({ op: 'delete', name, options }),
  } as unknown as AstroCookies;
  return { cookies, calls };
}

describe('session cookies', () => {
  it('are httpOnly, SameSite=Lax, Path=/, Max-Age 3600, and Secure exactly when the request is https', () => {
    for (const [url, secure] of [
      ['https://sv.example/api/auth/login', true],
      ['http://sv.localhost:4321/api/auth/login', false],
    ] as const) {
      const { cookies, calls } = recorder();
      setSessionCookies(cookies, new Request(url), { access_token: 'a', refresh_token: 'r' });
      expect(calls).toEqual([
        { op: 'set', name: ACCESS_COOKIE, value: 'a', options: { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 3600 } },
        { op: 'set', name: REFRESH_COOKIE, value: 'r', options: { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 3600 } },
      ]);
    }
  });
  it('count as https behind a trusted proxy only', () => {
    const proxied = new Request('http://sv.example/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(isHttps(proxied, true)).toBe(true);
    expect(isHttps(proxied, false)).toBe(false);
    expect(isHttps(new Request('http://sv.example/', { headers: { 'x-forwarded-proto': 'http' } }), true)).toBe(false);
    expect(isHttps(new Request('https://sv.example/'), false)).toBe(true);
  });
  it('are cleared with the same attributes', () => {
    const { cookies, calls } = recorder();
    clearSessionCookies(cookies, new Request('https://sv.example/'));
    expect(calls.map((c) => [c.op, c.name, c.options.path, c.options.secure])).toEqual([
      ['delete', ACCESS_COOKIE, '/', true],
      ['delete', REFRESH_COOKIE, '/', true],
    ]);
  });
});

describe('the visitor of a request', () => {
  const now = Date.UTC(2026, 10, 24);
  it('comes from the access cookie, else a bearer token, else the Cookie header', () => {
    const customer = issueToken(7, 'access', now, 'my-account', undefined, 'fam-1');
    const guest = issueToken(0, 'access', now, 'my-order', '100001', 'fam-2');
    expect(currentVisitor(new Request('http://x/'), recorder({ [ACCESS_COOKIE]: customer }).cookies, now)).toEqual({
      kind: 'customer',
      customerId: 7,
    });
    expect(currentVisitor(new Request('http://x/', { headers: { authorization: `Bearer ${guest}` } }), recorder().cookies, now)).toEqual({
      kind: 'guest',
      orderId: '100001',
    });
    expect(visitorOfToken(customer, now + 3600_000)).toEqual({ kind: 'anonymous' });
    expect(visitorOfToken('junk', now)).toEqual({ kind: 'anonymous' });
    expect(cookieFromHeader(new Headers({ cookie: `a=1; ${ACCESS_COOKIE}=${customer}; b=2` }), ACCESS_COOKIE)).toBe(customer);
    expect(cookieFromHeader(new Headers({ cookie: 'xpf_access=1' }), ACCESS_COOKIE)).toBeUndefined();
  });
});

describe('opaque tokens', () => {
  it('are 43 base64url characters, distinct, and stored as a SHA-256 hash', () => {
    const a = newOpaqueToken();
    expect(isOpaqueToken(a)).toBe(true);
    expect(a).not.toBe(newOpaqueToken());
    expect(tokenHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(a)).not.toContain(a);
    for (const bad of ['', 'a.b', 'x'.repeat(42), 'x'.repeat(44), `${'x'.repeat(42)}=`, 5]) expect(isOpaqueToken(bad)).toBe(false);
  });
});
