/**
 * Access tokens (docs/product/accounts.md#tokens: maxAge 3600 s): HMAC-SHA256-signed JSON, verified without the
 * database; `fam` names the refresh family they were issued with, so a revoked family (logout, refresh reuse)
 * also ends them where the database is consulted (resolveVisitor). Refresh tokens are opaque and stored
 * server-side (sessions.ts).
 * PARTSFRONT_AUTH_SECRET signs them; without it the server uses one random key kept in the database, the same on
 * every node (shared-auth-secret.ts); a process without that (CLI, astro dev) uses a random per-process key.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { registeredAuthSecret } from './shared-auth-secret.ts';

export const TOKEN_MAX_AGE_SECONDS = 3600;
export type TokenType = 'access' | 'refresh';
/** my-account: a customer (sub = customer id); my-order: one guest order (order_id), never an account. */
export type TokenScope = 'my-account' | 'my-order';
export interface TokenClaims {
  sub: number;
  typ: TokenType;
  scope: TokenScope;
  exp: number;
  order_id?: string;
  /** The refresh family (sessions.ts) this access token belongs to. */
  fam?: string;
}

const secret = process.env.PARTSFRONT_AUTH_SECRET || registeredAuthSecret() || randomBytes(32).toString('hex');

const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function issueToken(
  sub: number,
  typ: TokenType,
  now = Date.now(),
  scope: TokenScope = 'my-account',
  orderId?: string,
  family?: string,
): string {
  const claims: TokenClaims = {
    sub,
    typ,
    scope,
    exp: Math.floor(now / 1000) + TOKEN_MAX_AGE_SECONDS,
    ...(orderId !== undefined ? { order_id: orderId } : {}),
    ...(family !== undefined ? { fam: family } : {}),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** The claims of a valid, unexpired token of the wanted type and scope; undefined for anything else. */
export function verifyToken(token: string, typ: TokenType, now = Date.now(), scope: TokenScope = 'my-account'): TokenClaims | undefined {
  if (token.length > 1024) return undefined;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const a = Buffer.from(signature);
  const b = Buffer.from(sign(payload));
  if (a.length !== b.length || !timingSafeEqual(a, b)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
    if (claims.typ !== typ || !Number.isInteger(claims.sub) || !(claims.exp > now / 1000)) return undefined;
    // A guest-order token opens its one order and nothing else (and an account token is no order token).
    if ((claims.scope ?? 'my-account') !== scope) return undefined;
    if (scope === 'my-order' && typeof claims.order_id !== 'string') return undefined;
    return claims;
  } catch {
    return undefined;
  }
}

export function bearerToken(headers: Headers): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization') ?? '');
  return m?.[1];
}
