/**
 * Who is asking, for the pages rendered on demand and the endpoints behind them (docs/product/accounts.md):
 * a customer with an account, a guest who opened one order, or nobody. Read from the httpOnly access-token
 * cookie (or, for API callers, `Authorization: Bearer`). Pages and endpoints decide access only from this,
 * never from an id in the URL.
 *
 * - `currentVisitor(request, cookies)`: synchronous, from the access token alone (signature and expiry).
 * - `resolveVisitor(db, request, cookies)`: what pages should call. As above, but also refuses an access token
 *   whose refresh family was revoked (logout, refresh reuse), and when the access token is missing or expired
 *   while the refresh cookie is good, rotates the refresh token and sets both cookies anew (a failed refresh
 *   clears them). Never throws for a bad token: the visitor is then anonymous.
 * - `setSessionCookies` / `clearSessionCookies`: the cookie flags in one place (httpOnly, SameSite=Lax,
 *   Secure on https (isHttps), Path=/, Max-Age 3600 s: docs/product/accounts.md#tokens).
 */
import type { AstroCookies } from 'astro';
import type { Db } from '#server/db/connection.ts';
import { forwardedHttps } from '#server/http/trusted-proxy.ts';
import { bearerToken, TOKEN_MAX_AGE_SECONDS, verifyToken, type TokenClaims } from './tokens.ts';
import { familyActive, REFRESH_MAX_AGE_SECONDS, rotateRefreshToken, type SessionTokens } from './sessions.ts';

/** Cookie names: the access token (short-lived) and the refresh token (rotated on every use). */
export const ACCESS_COOKIE = 'pf_access';
export const REFRESH_COOKIE = 'pf_refresh';

export type Visitor = { kind: 'customer'; customerId: number } | { kind: 'guest'; orderId: string } | { kind: 'anonymous' };

export const ANONYMOUS: Visitor = { kind: 'anonymous' };

function claimsOf(token: string | undefined, now: number): TokenClaims | undefined {
  if (!token) return undefined;
  return verifyToken(token, 'access', now, 'my-account') ?? verifyToken(token, 'access', now, 'my-order');
}

function visitorOfClaims(claims: TokenClaims | undefined): Visitor {
  if (!claims) return ANONYMOUS;
  if (claims.scope === 'my-order') return claims.order_id ? { kind: 'guest', orderId: claims.order_id } : ANONYMOUS;
  return { kind: 'customer', customerId: claims.sub };
}

/** The visitor an access token names; anonymous for a missing, forged, expired or wrong-kind token. */
export function visitorOfToken(token: string | undefined, now = Date.now()): Visitor {
  return visitorOfClaims(claimsOf(token, now));
}

/** The access token of a request: the cookie first, then a bearer token. */
export function accessTokenOf(request: Request, cookies: AstroCookies | undefined): string | undefined {
  return cookies?.get(ACCESS_COOKIE)?.value || bearerToken(request.headers) || cookieFromHeader(request.headers, ACCESS_COOKIE);
}

/** A cookie read straight from the Cookie header, for code that has only the request headers. */
export function cookieFromHeader(headers: Headers, name: string): string | undefined {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The visitor of a request: the access cookie first, then a bearer token. */
export function currentVisitor(request: Request, cookies: AstroCookies, now = Date.now()): Visitor {
  return visitorOfToken(accessTokenOf(request, cookies), now);
}

/**
 * Whether the visitor's request came over https: the request URL, or — only behind a trusted reverse proxy
 * (PARTSFRONT_TRUST_PROXY=1, as for client IPs) that terminates TLS — its `x-forwarded-proto`.
 */
export function isHttps(request: Request, trustProxy = process.env.PARTSFRONT_TRUST_PROXY === '1'): boolean {
  return new URL(request.url).protocol === 'https:' || forwardedHttps(request.headers.get('x-forwarded-proto'), trustProxy);
}

export function setSessionCookies(
  cookies: AstroCookies,
  request: Request,
  tokens: Pick<SessionTokens, 'access_token' | 'refresh_token'>,
): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: isHttps(request), path: '/' };
  cookies.set(ACCESS_COOKIE, tokens.access_token, { ...base, maxAge: TOKEN_MAX_AGE_SECONDS });
  cookies.set(REFRESH_COOKIE, tokens.refresh_token, { ...base, maxAge: REFRESH_MAX_AGE_SECONDS });
}

export function clearSessionCookies(cookies: AstroCookies, request: Request): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: isHttps(request), path: '/' };
  cookies.delete(ACCESS_COOKIE, base);
  cookies.delete(REFRESH_COOKIE, base);
}

/** The visitor of a page or endpoint, with the database: revoked families count as logged out; see the top. */
export async function resolveVisitor(db: Db, request: Request, cookies: AstroCookies, now = Date.now()): Promise<Visitor> {
  const claims = claimsOf(accessTokenOf(request, cookies), now);
  if (claims) {
    // an access token is only as good as its session: no family (or a revoked one), no visitor
    if (claims.fam && (await familyActive(db, claims.fam))) return visitorOfClaims(claims);
    clearSessionCookies(cookies, request);
    return ANONYMOUS;
  }
  const refresh = cookies.get(REFRESH_COOKIE)?.value;
  if (!refresh) return ANONYMOUS;
  const rotated = await rotateRefreshToken(db, refresh, undefined, now);
  if (!rotated.ok) {
    clearSessionCookies(cookies, request);
    return ANONYMOUS;
  }
  setSessionCookies(cookies, request, rotated.tokens);
  const s = rotated.tokens.subject;
  return s.scope === 'my-account' ? { kind: 'customer', customerId: s.customerId } : { kind: 'guest', orderId: s.orderId };
}
