/**
 * myOrder strategy (docs/product/accounts.md#guest-orders): a guest opens one order with its number and the e-mail it was placed with.
 * Wrong number and wrong e-mail answer alike (no order-number probing); the token names that one order.
 */
import type { Db } from '#server/db/connection.ts';
import type { OrderAuthResponse, OrderInfoResponse, OrderUser } from '#lib/api/auth-contracts.ts';
import type { Selectable } from 'kysely';
import type { OrdersTable } from '#server/db/schema.ts';

type OrderRow = Selectable<OrdersTable>;
import { bearerToken, issueToken, verifyToken } from './tokens.ts';

const userOf = (row: OrderRow): OrderUser => ({ scope: 'my-order', order_id: row.id, email: row.email });

const tokensFor = (row: OrderRow): OrderAuthResponse => ({
  access_token: issueToken(0, 'access', Date.now(), 'my-order', row.id),
  refresh_token: issueToken(0, 'refresh', Date.now(), 'my-order', row.id),
  user: userOf(row),
});

const byId = (db: Db, id: string) => db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

export async function orderLogin(db: Db, orderId: string, email: string): Promise<OrderAuthResponse | undefined> {
  const row = await byId(db, orderId);
  return row && row.email.toLowerCase() === email.trim().toLowerCase() ? tokensFor(row) : undefined;
}

export async function orderRefresh(db: Db, refreshToken: string): Promise<OrderAuthResponse | undefined> {
  const claims = verifyToken(refreshToken, 'refresh', Date.now(), 'my-order');
  const row = claims?.order_id ? await byId(db, claims.order_id) : undefined;
  return row ? tokensFor(row) : undefined;
}

/** The order a request's guest-order access token opens, if any. */
export async function orderOf(db: Db, headers: Headers): Promise<OrderInfoResponse | undefined> {
  const token = bearerToken(headers);
  const claims = token ? verifyToken(token, 'access', Date.now(), 'my-order') : undefined;
  const row = claims?.order_id ? await byId(db, claims.order_id) : undefined;
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
