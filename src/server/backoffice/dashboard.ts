/**
 * The back office's dashboard figures (docs/product/back-office-data.md#dashboard). "Today" is each storefront's
 * own calendar day in its time zone; revenue is the order totals (VAT included) in the storefront's currency.
 */
import type { Db } from '#server/db/connection.ts';
import { countOrdersInStates, ordersPlacedBetween } from '#server/orders/staff-order-reads.ts';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';
import { STOREFRONT_TIME_ZONES } from '#lib/checkout/order-dates.ts';
import { localDayOf } from '#lib/backoffice/dashboard-day.ts';
import {
  OPEN_RETURN_STATES,
  SOLD_STATES,
  TO_PICK_STATES,
  type DashboardSummary,
  type StorefrontDay,
} from '#lib/backoffice/dashboard-figures.ts';

const HOUR = 3_600_000;

async function storefrontDay(db: Db, storefront: (typeof LOCALE_CODES)[number], now: Date): Promise<StorefrontDay> {
  const day = localDayOf(now, STOREFRONT_TIME_ZONES[storefront]);
  const sold = await ordersPlacedBetween(db, storefront, day.from.toISOString(), day.to.toISOString(), SOLD_STATES);
  return {
    storefront,
    date: day.date,
    orders: sold.orders,
    revenueMinor: sold.totalMinor,
    currency: LOCALES[storefront].currency,
  };
}

const count = (row: { n: number | string } | undefined) => Number(row?.n ?? 0);

export async function dashboardSummary(db: Db, now = new Date()): Promise<DashboardSummary> {
  const today = await Promise.all(LOCALE_CODES.map((s) => storefrontDay(db, s, now)));
  const toPick = await countOrdersInStates(db, TO_PICK_STATES);
  const open = await db
    .selectFrom('order_returns')
    .select((eb) => ['kind', eb.fn.countAll<number | string>().as('n')])
    .where('status', 'in', OPEN_RETURN_STATES)
    .groupBy('kind')
    .execute();
  const failed = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'failed')
    .executeTakeFirst();
  const errors = await db
    .selectFrom('client_errors')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_at', '>=', new Date(now.getTime() - 24 * HOUR).toISOString())
    .executeTakeFirst();
  return {
    today,
    toPick,
    openReturns: count(open.find((r) => r.kind === 'return')),
    openWithdrawals: count(open.find((r) => r.kind === 'withdrawal')),
    failedMails: count(failed),
    clientErrors24h: count(errors),
  };
}
