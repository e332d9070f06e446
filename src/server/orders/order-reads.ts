/**
 * Reads of the orders table that other domains need beyond the order record and the customer's order pages:
 * the order a checkout became, and the line lists the shop counts (social proof, "bought together"). Line lists
 * are the order's own `items` JSON, parsed by the caller.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { OrdersTable } from '#server/db/schema.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

export type OrderRow = Selectable<OrdersTable>;

/** The whole row of an order by its number. */
export function orderRow(db: Db, number: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', number).executeTakeFirst();
}

/** The number of the order a checkout became, if it became one (completion's check: the number only). */
export async function orderNumberOfCheckout(db: Db, checkoutId: string): Promise<string | undefined> {
  return (await db.selectFrom('orders').select('id').where('checkout_id', '=', checkoutId).executeTakeFirst())?.id;
}

/** The order a checkout became (in that storefront when `locale` is given): number, time and snapshot. */
export function orderOfCheckout(
  db: Db,
  checkoutId: string,
  locale?: LocaleCode,
): Promise<Pick<OrderRow, 'id' | 'created_at' | 'email' | 'details'> | undefined> {
  let q = db.selectFrom('orders').select(['id', 'created_at', 'email', 'details']).where('checkout_id', '=', checkoutId);
  if (locale) q = q.where('locale', '=', locale);
  return q.executeTakeFirst();
}

/** The line lists of a storefront's orders placed since `sinceIso`, not cancelled, whose lines mention `sku`. */
export async function orderItemsWithSku(db: Db, locale: LocaleCode, sinceIso: string, sku: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('items')
    .where('locale', '=', locale)
    .where('created_at', '>=', sinceIso)
    .where('status', '!=', 'cancelled')
    .where('items', 'like', `%${JSON.stringify(sku).slice(1, -1)}%`)
    .execute();
  return rows.map((r) => r.items);
}

/** One page of the newest orders' line lists (newest first). */
export async function newestOrderItems(db: Db, limit: number, offset: number): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('items')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.items);
}

/** Orders that carry an experiment visitor, as a subquery to join exposures with (docs/product/experiments.md#the-report). */
export const ordersOfExperimentVisitors = (db: Db) =>
  db
    .selectFrom('orders')
    .select(['experiment_visitor_id', 'created_at', 'currency', 'total_minor'])
    .where('experiment_visitor_id', 'is not', null);

/**
 * A storefront's orders of the customer row aliased `c` in the outer query (by account id, or as a guest with its
 * e-mail), for an EXISTS over customers.
 */
export const ordersOfOuterCustomer = (db: Db, locale: LocaleCode) =>
  db
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.locale', '=', locale)
    .where((o) =>
      o.or([
        o('o.customer_id', '=', sql.ref<number>('c.id')),
        o(o.fn('lower', ['o.email']), '=', sql<string>`lower(${sql.ref('c.email')})`),
      ]),
    );
