/**
 * Gives a cancelled order's units back (a withdrawal before shipping, docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a).
 * The order snapshot keeps skus, not the stock status at the time: units go back to parts the shop keeps in stock.
 */
import { sql } from 'kysely';
import type { Db } from '#server/db/connection.ts';

export async function releaseStock(trx: Db, lines: readonly { sku: string; quantity: number }[]): Promise<void> {
  const units = new Map<string, number>();
  for (const l of lines) units.set(l.sku, (units.get(l.sku) ?? 0) + l.quantity);
  for (const [sku, quantity] of [...units].sort((a, b) => a[0].localeCompare(b[0])))
    await trx
      .updateTable('products')
      .set({ stock_quantity: sql`stock_quantity + ${quantity}` })
      .where('sku', '=', sku)
      .where('stock_status', '=', 'in-stock')
      .execute();
}
