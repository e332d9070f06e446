/**
 * The back office's order list (docs/product/back-office-data.md#order-list): one filtered query on both engines,
 * newest first. Pages by offset (page numbers and a total; MAX_PAGE caps the depth); the CSV export walks every
 * matching order in keyset chunks of (created_at, id), so its cost does not grow with depth.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import { isPostgres } from '#server/db/migrate.ts';
import type { Database } from '#server/db/schema.ts';
import { parseOrderDetails, type OrderDetails } from './order-details.ts';
import type { OrderRow } from './order-reads.ts';
import { filterInstants, orderSearch, type OrderFilter } from '#lib/backoffice/order-filter.ts';
import type { OrderListPage, OrderListRow } from '#lib/backoffice/order-list-row.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { OrderState } from '#lib/orders/order-states.ts';

type OrdersQuery<O> = SelectQueryBuilder<Database, 'orders', O>;

/** A text field of orders.details (JSON in a TEXT column) as SQL, on either engine. */
function detail(db: Db, path: readonly string[]) {
  return isPostgres(db)
    ? sql<string | null>`(details::json #>> ${sql.lit(`{${path.join(',')}}`)})`
    : sql<string | null>`json_extract(details, ${sql.lit(`$.${path.join('.')}`)})`;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filter's conditions on a query over orders. */
function applyFilter<O>(db: Db, query: OrdersQuery<O>, filter: OrderFilter): OrdersQuery<O> {
  let q = query;
  if (filter.storefronts.length > 0) q = q.where('locale', 'in', filter.storefronts);
  if (filter.states.length > 0) q = q.where('status', 'in', filter.states);
  if (filter.payment) q = q.where(detail(db, ['payment', 'method']), '=', filter.payment);
  if (filter.shipping) q = q.where(detail(db, ['shipping', 'option_id']), '=', filter.shipping);
  const { from, to } = filterInstants(filter);
  if (from) q = q.where('created_at', '>=', from);
  if (to) q = q.where('created_at', '<', to);
  if (filter.q) {
    const s = orderSearch(filter.q);
    // a number or an e-mail uses an index; a name or postal code reads the snapshots (docs/product/back-office-data.md#measured)
    const name = sql<string>`lower(coalesce(${detail(db, ['customer', 'first_name'])}, '') || ' ' || coalesce(${detail(db, ['customer', 'last_name'])}, ''))`;
    const postal = sql<string>`replace(upper(coalesce(${detail(db, ['customer', 'postal_code'])}, '')), ' ', '')`;
    q = q.where((eb: ExpressionBuilder<Database, 'orders'>) =>
      eb.or([
        ...(s.number ? [eb('id', '=', s.number)] : []),
        ...(s.email ? [eb(eb.fn<string>('lower', ['email']), '=', s.email)] : []),
        ...(s.name ? [eb(name, 'like', sql<string>`${`%${likeEscape(s.name)}%`} escape '\\'`)] : []),
        ...(s.postalCode ? [eb(postal, '=', s.postalCode)] : []),
      ]),
    );
  }
  return q;
}

const COLUMNS = ['id', 'created_at', 'locale', 'email', 'status', 'currency', 'total', 'total_minor', 'details', 'items'] as const;
type ListColumns = Pick<OrderRow, (typeof COLUMNS)[number]>;

function listRow(r: ListColumns): OrderListRow {
  const d = parseOrderDetails(r.details) as Partial<OrderDetails>;
  const name = [d.customer?.first_name, d.customer?.last_name].filter(Boolean).join(' ');
  const company = d.company?.name ?? d.customer?.company_name;
  const lines = d.lines ?? (JSON.parse(r.items) as unknown[]);
  return {
    number: r.id,
    placedAt: r.created_at,
    storefront: r.locale as LocaleCode,
    // a company order: its company as the order keeps it (docs/product/company-accounts.md#orders)
    customerName: company ? `${name} (${company})`.trim() : name,
    email: r.email,
    state: r.status as OrderState,
    paymentMethod: d.payment?.method ?? null,
    shippingOption: d.shipping?.option_id ?? null,
    // orders made before checkout kept only a decimal total
    totalMinor: r.total_minor === null ? Math.round(Number(r.total) * 100) : Number(r.total_minor),
    currency: r.currency,
    lineCount: lines.length,
  };
}

/** One page of the orders the filter matches, newest first, and how many match in all. */
export async function listOrders(db: Db, filter: OrderFilter): Promise<OrderListPage> {
  const counted = await applyFilter(db, db.selectFrom('orders'), filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const rows = await applyFilter(db, db.selectFrom('orders').select([...COLUMNS]), filter)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size)
    .execute();
  return { rows: rows.map(listRow), total, page: filter.page, size: filter.size, pages: Math.max(1, Math.ceil(total / filter.size)) };
}

/** How many orders one CSV query reads. */
export const CSV_CHUNK = 500;

/** Every order the filter matches (page and size ignored), newest first, in chunks. */
export async function* filteredOrders(db: Db, filter: OrderFilter, chunk = CSV_CHUNK): AsyncGenerator<OrderListRow[]> {
  let after: { created_at: string; id: string } | undefined;
  for (;;) {
    let q = applyFilter(db, db.selectFrom('orders').select([...COLUMNS]), filter);
    if (after) {
      const { created_at, id } = after;
      q = q.where((eb) => eb.or([eb('created_at', '<', created_at), eb.and([eb('created_at', '=', created_at), eb('id', '<', id)])]));
    }
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(chunk).execute();
    if (rows.length === 0) return;
    yield rows.map(listRow);
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
    if (rows.length < chunk) return;
  }
}
