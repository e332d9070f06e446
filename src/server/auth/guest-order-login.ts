/**
 * myOrder strategy (docs/product/accounts.md#guest-orders): a guest opens one order with its number and the e-mail it was placed with.
 * Wrong number and wrong e-mail answer alike (no order-number probing); the token names that one order. Sessions
 * are stored and rotated like account sessions (sessions.ts), with scope my-order.
 */
import type { Db } from '#server/db/connection.ts';
import type { OrderAuthResponse, OrderInfoResponse, OrderUser } from '#lib/api/auth-contracts.ts';
import { orderRow, type OrderRow } from '#server/orders/order-reads.ts';
import { orderNumberOf } from '#lib/orders/order-number.ts';
import { isLocaleCode } from '#lib/market/locales.ts';
import { normalizePostalCode } from '#lib/checkout/address-rules.ts';
import { bearerToken, verifyToken } from './tokens.ts';
import { familyActive, rotateRefreshToken, startSession, type SessionTokens } from './sessions.ts';
import { ACCESS_COOKIE, cookieFromHeader } from './visitor.ts';

const userOf = (row: OrderRow): OrderUser => ({ scope: 'my-order', order_id: row.id, email: row.email });

export type OrderSession = OrderAuthResponse & { session: SessionTokens };

const answerOf = (session: SessionTokens, row: OrderRow): OrderSession => ({
  access_token: session.access_token,
  refresh_token: session.refresh_token,
  expires_in: session.expires_in,
  user: userOf(row),
  session,
});

/** What opens the order besides its number: the e-mail it was placed with, or the postal code of its address. */
export type OrderProof = { email: string } | { postalCode: string };

/** The postal code in the storefront's stored form (SE "12345", NL "1234 AB"); unknown forms compared without spaces, upper case. */
function postalKey(locale: string, input: string): string {
  const n = isLocaleCode(locale) ? normalizePostalCode(locale, input) : undefined;
  return n?.ok ? n.normalized : input.replace(/\s+/g, '').toUpperCase();
}

function postalCodeOf(row: OrderRow): string | undefined {
  try {
    return (JSON.parse(row.details) as { customer?: { postal_code?: string } }).customer?.postal_code || undefined;
  } catch {
    return undefined;
  }
}

function proves(row: OrderRow, proof: OrderProof | string): boolean {
  const p = typeof proof === 'string' ? { email: proof } : proof;
  if ('email' in p) return row.email.toLowerCase() === p.email.trim().toLowerCase();
  const stored = postalCodeOf(row);
  return stored !== undefined && postalKey(row.locale, stored) === postalKey(row.locale, p.postalCode);
}

/**
 * `orderId` as the guest typed it: the order-number rule reads it (spaces, dashes, '#'; check digit). A wrong
 * e-mail or postal code answers like a wrong number.
 */
export async function orderLogin(db: Db, orderId: string, proof: OrderProof | string, now = Date.now()): Promise<OrderSession | undefined> {
  const number = orderNumberOf(orderId);
  const row = number === undefined ? undefined : await orderRow(db, number);
  if (!row || !proves(row, proof)) return undefined;
  return answerOf(await startSession(db, { scope: 'my-order', orderId: row.id }, now), row);
}

export async function orderRefresh(db: Db, refreshToken: string, now = Date.now()): Promise<OrderSession | undefined> {
  const rotated = await rotateRefreshToken(db, refreshToken, 'my-order', now);
  if (!rotated.ok || rotated.tokens.subject.scope !== 'my-order') return undefined;
  const row = await orderRow(db, rotated.tokens.subject.orderId);
  return row ? answerOf(rotated.tokens, row) : undefined;
}

/** The order a request's guest-order access token (cookie or bearer, live family) opens, if any. */
export async function orderOf(db: Db, headers: Headers, now = Date.now()): Promise<OrderInfoResponse | undefined> {
  const token = bearerToken(headers) ?? cookieFromHeader(headers, ACCESS_COOKIE);
  const claims = token ? verifyToken(token, 'access', now, 'my-order') : undefined;
  if (!claims?.fam || !(await familyActive(db, claims.fam))) return undefined;
  const row = claims.order_id ? await orderRow(db, claims.order_id) : undefined;
  if (!row) return undefined;
  let items: OrderInfoResponse['order']['items'] = [];
  try {
    items = JSON.parse(row.items);
  } catch {
    /* a broken snapshot shows no lines */
  }
  return {
    user: userOf(row),
    order: {
      id: row.id,
      locale: row.locale,
      status: row.status,
      currency: row.currency,
      total: Number(row.total),
      created_at: row.created_at,
      items,
    },
  };
}
