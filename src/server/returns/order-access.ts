/**
 * Which order a return request may be about (docs/product/returns.md#two-ways-back): an order of the logged-in
 * customer's account (the same rule as the account pages) or the one order a guest opened. Anything else is
 * "not found", whether it exists or not.
 */
import type { AstroCookies } from 'astro';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { NotFoundError, UnauthorizedError } from '#lib/errors/domain-errors.ts';
import { pageVisitor } from '#server/account/account-visitor.ts';
import { orderOfCustomer } from '#server/orders/customer-orders.ts';
import { readOrder, type OrderRecord } from '#server/orders/order-record.ts';
import type { Requester } from './request-return.ts';

export interface ReturnableOrder {
  order: OrderRecord;
  by: Requester;
  hasAccount: boolean;
}

export async function orderForReturns(
  db: Db,
  locale: LocaleCode,
  request: Request,
  cookies: AstroCookies,
  orderNumber: string,
): Promise<ReturnableOrder> {
  const visitor = await pageVisitor(db, request, cookies);
  if (visitor.kind === 'anonymous') throw new UnauthorizedError('log in, or open the order with its number and e-mail');
  const mine =
    visitor.kind === 'customer'
      ? (await orderOfCustomer(db, locale, { customerId: visitor.customerId, email: visitor.profile.email }, orderNumber)) !== undefined
      : visitor.orderId === orderNumber;
  const order = mine ? await readOrder(db, orderNumber) : undefined;
  if (!order || order.locale !== locale) throw new NotFoundError(`no order ${orderNumber}`);
  return { order, by: visitor.kind, hasAccount: order.customerId !== null || visitor.kind === 'customer' };
}
