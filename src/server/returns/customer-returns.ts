/** The returns of a customer's orders in one storefront, newest first (docs/product/returns.md#my-returns). */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { ReturnView } from '#lib/api/return-contracts.ts';
import { ownedBy, type OrderOwner } from '#server/orders/customer-orders.ts';
import { parseOrderDetails } from '#server/orders/order-details.ts';
import { recordOf, returnView } from './return-record.ts';

export async function returnsOfCustomer(db: Db, locale: LocaleCode, owner: OrderOwner): Promise<ReturnView[]> {
  // The account's own orders decide (the same rule as the order pages); returns only ever hang off those.
  const rows = await db
    .selectFrom('order_returns')
    .innerJoin(ownedBy(db, owner, locale).select(['id', 'details']).as('o'), 'o.id', 'order_returns.order_id')
    .selectAll('order_returns')
    .select('o.details')
    .orderBy('order_returns.created_at', 'desc')
    .orderBy('order_returns.id', 'desc')
    .execute();
  return rows.map(({ details, ...row }) => returnView(recordOf(row), parseOrderDetails(details).lines));
}
