/**
 * The back office's order list and its CSV export (docs/product/back-office-data.md#csv-export). The queries are
 * the orders domain's (src/server/orders/staff-order-list.ts: the orders table has one home).
 */
import type { Db } from '#server/db/connection.ts';
import { CSV_CHUNK, filteredOrders } from '#server/orders/staff-order-list.ts';
import type { OrderFilter } from '#lib/backoffice/order-filter.ts';
import { orderCsvHeader, orderCsvRecord } from '#lib/backoffice/csv-orders.ts';
import { UTF8_BOM } from '#lib/backoffice/csv.ts';

export { CSV_CHUNK, filteredOrders, listOrders } from '#server/orders/staff-order-list.ts';

/** The CSV of every order the filter matches, as text pieces to stream: BOM and header first, then one chunk each. */
export async function* orderCsv(db: Db, filter: OrderFilter, chunk = CSV_CHUNK): AsyncGenerator<string> {
  yield UTF8_BOM + orderCsvHeader();
  for await (const rows of filteredOrders(db, filter, chunk)) yield rows.map(orderCsvRecord).join('');
}
