/**
 * Stock is reserved atomically when an order is completed (docs/adr/0007-checkout-orders-and-money.md):
 * one conditional UPDATE per product, inside the completing transaction, with the quantities of all its
 * lines summed (two lines of one sku cannot each take the last unit). Products in id order, so two
 * completions never lock the same rows in opposite order. Back-order statuses are supplier orders and
 * reserve nothing.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { OutOfStockError } from '#lib/errors/domain-errors.ts';

export class OutOfStock extends OutOfStockError {
  readonly productId: number;
  constructor(productId: number) {
    super(`product ${productId} is out of stock for this quantity`);
    this.productId = productId;
  }
}

export async function reserveStock(
  trx: Transaction<Database>,
  lines: readonly { product_id: number; quantity: number; stock_status: string }[],
): Promise<void> {
  const wanted = new Map<number, number>();
  for (const l of lines) if (l.stock_status === 'in-stock') wanted.set(l.product_id, (wanted.get(l.product_id) ?? 0) + l.quantity);
  for (const [id, quantity] of [...wanted].sort((a, b) => a[0] - b[0])) {
    const r = await trx
      .updateTable('products')
      .set({ stock_quantity: sql`stock_quantity - ${quantity}` })
      .where('id', '=', id)
      .where('stock_quantity', '>=', quantity)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new OutOfStock(id);
  }
}
