/**
 * Order numbers unique across server processes on one database: a counter row incremented inside the
 * completing transaction (the row lock serializes completions on PostgreSQL; SQLite has one writer), then
 * formatted with a check digit (src/lib/orders/order-number.ts). A rolled-back completion gives its number back.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { formatOrderNumber } from '#lib/orders/order-number.ts';

export async function nextOrderNumber(trx: Transaction<Database>): Promise<string> {
  const row = await trx
    .updateTable('counters')
    .set({ value: sql`value + 1` })
    .where('name', '=', 'order_number')
    .returning('value')
    .executeTakeFirstOrThrow();
  return formatOrderNumber(Number(row.value));
}
