/**
 * Reads and the one write of the orders table that the back office needs (docs/product/back-office-data.md):
 * the dashboard's counts, order summaries for the queues, a customer's orders, and erasure's replacement of an
 * order's contact data. Here because the orders table has one home (docs/adr/0006-source-layout.md).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { OrderState } from '#lib/orders/order-states.ts';
import type { OrderRow } from './order-reads.ts';

/** How many orders of a storefront in `states` were placed in [fromIso, toIso), and their totals in minor units. */
export async function ordersPlacedBetween(
  db: Db,
  locale: LocaleCode,
  fromIso: string,
  toIso: string,
  states: readonly OrderState[],
): Promise<{ orders: number; totalMinor: number }> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string | null>('total_minor').as('revenue')])
    .where('locale', '=', locale)
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', toIso)
    .where('status', 'in', states)
    .executeTakeFirstOrThrow();
  return { orders: Number(row.n), totalMinor: Number(row.revenue ?? 0) };
}

/** How many orders stand in one of `states`. */
export async function countOrdersInStates(db: Db, states: readonly OrderState[]): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', 'in', states)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type OrderSummary = Pick<
  OrderRow,
  'id' | 'locale' | 'email' | 'status' | 'currency' | 'total' | 'total_minor' | 'created_at' | 'details'
>;

const SUMMARY = ['id', 'locale', 'email', 'status', 'currency', 'total', 'total_minor', 'created_at', 'details'] as const;

/** The orders with these numbers, by number. */
export async function orderSummaries(db: Db, numbers: readonly string[]): Promise<Map<string, OrderSummary>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select([...SUMMARY])
    .where('id', 'in', [...new Set(numbers)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** An account's orders: linked to it, or placed as a guest with its e-mail (any case); newest first. */
export function ordersOfAccount(db: Db, customerId: number, email: string): Promise<OrderSummary[]> {
  return db
    .selectFrom('orders')
    .select([...SUMMARY])
    .where((eb) => eb.or([eb('customer_id', '=', customerId), eb(eb.fn<string>('lower', ['email']), '=', email.toLowerCase())]))
    .orderBy('created_at', 'desc')
    .execute();
}

/** Erasure (GDPR art. 17): the order's e-mail and its snapshot (with the customer already replaced) written back. */
export async function replaceOrderContact(trx: Db, number: string, email: string, detailsJson: string): Promise<void> {
  await trx.updateTable('orders').set({ email, details: detailsJson }).where('id', '=', number).execute();
}

/** The total in minor units; orders made before checkout kept only a decimal total. */
export const totalMinorOf = (r: Pick<OrderRow, 'total' | 'total_minor'>): number =>
  r.total_minor === null ? Math.round(Number(r.total) * 100) : Number(r.total_minor);
