import { describe, expect, it } from 'vitest';
import { bearerToken, issueToken, TOKEN_MAX_AGE_SECONDS, verifyToken } from '#server/auth/tokens.ts';

describe('tokens', () => {
  it('verify only with the right type, signature and within 3600 s', () => {
    const now = Date.now();
    const t = issueToken(7, 'access', now);
    expect(verifyToken(t, 'access', now)).toMatchObject({ sub: 7, typ: 'access', scope: 'my-account' });
    expect(verifyToken(t, 'refresh', now)).toBeUndefined();
    expect(verifyToken(t, 'access', now + (TOKEN_MAX_AGE_SECONDS + 1) * 1000)).toBeUndefined();
    const [payload, sig] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 1, typ: 'access', scope: 'my-account', exp: 9e9 })).toString('base64url');
    expect(verifyToken(`${forged}.${sig}`, 'access', now)).toBeUndefined();
    expect(verifyToken(`${payload}.${sig}x`, 'access', now)).toBeUndefined();
    expect(verifyToken('garbage', 'access', now)).toBeUndefined();
  });
  it('reads a bearer token from the Authorization header', () => {
    expect(bearerToken(new Headers({ authorization: 'Bearer abc.def' }))).toBe('abc.def');
    expect(bearerToken(new Headers({ authorization: 'Basic abc' }))).toBeUndefined();
  });
});

describe('token scopes', () => {
  const now = Date.UTC(2026, 10, 23);
  it('a guest-order token names its order and is never an account token', () => {
    const t = issueToken(0, 'access', now, 'my-order', 'PF-1');
    expect(verifyToken(t, 'access', now, 'my-order')).toMatchObject({ scope: 'my-order', order_id: 'PF-1' });
    expect(verifyToken(t, 'access', now)).toBeUndefined();
  });
  it('an account token is no guest-order token', () => {
    expect(verifyToken(issueToken(7, 'access', now), 'access', now, 'my-order')).toBeUndefined();
  });
});
