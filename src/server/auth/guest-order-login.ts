/**
 * myOrder strategy (docs/product/accounts.md#guest-orders): a guest opens one order with its number and the e-mail it was placed with.
 * Wrong number and wrong e-mail answer alike (no order-number probing); the token names that one order. Sessions
 * are stored and rotated like account sessions (sessions.ts), with scope my-order.
 */
import type { Db } from '#server/db/connection.ts';
import type { OrderAuthResponse, OrderInfoResponse, OrderUser } from '#lib/api/auth-contracts.ts';
import { orderRow, type OrderRow } from '#server/orders/order-reads.ts';
import { orderNumberOf } from '#lib/orders/order-number.ts';
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

/** `orderId` as the guest typed it: the order-number rule reads it (spaces, dashes, '#'; check digit). */
export async function orderLogin(db: Db, orderId: string, email: string, now = Date.now()): Promise<OrderSession | undefined> {
  const number = orderNumberOf(orderId);
  const row = number === undefined ? undefined : await orderRow(db, number);
  if (!row || row.email.toLowerCase() !== email.trim().toLowerCase()) return undefined;
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
