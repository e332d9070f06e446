/**
 * The orders a visitor may see on the account and guest order pages (docs/product/account-pages.md#whose-orders).
 * Access is decided here from who is asking, never from the number in the URL: a customer sees the orders
 * of their account in this storefront — placed while logged in (customer_id) or placed as a guest with the
 * account's own e-mail, which the shop has verified — and a guest sees the one order their token names.
 * A member of a company account also sees every order of their company (orders.company_id), whatever their role:
 * admin, buyer and viewer all have `view` (docs/product/company-accounts.md#orders); membership is read here, at
 * the time of asking, so a member who leaves stops seeing the company's orders but keeps the ones they placed.
 * Acting on an order (returns, reorder) stays with the orders of one's own (`ownedBy`).
 */
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { Database, OrdersTable } from '#server/db/schema.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { confirmationOfRow, type Confirmation } from './confirmation.ts';

export interface OrderSummary {
  order_number: string;
  placed_at: string;
  status: string;
  total_minor: number;
  /** A company order: the member who placed it (null: not a company order, or the account is gone). */
  placed_by: string | null;
}

export interface AccountOrder extends OrderSummary {
  /** The asker's own order (placed by them or with their e-mail), not only their company's: they may act on it. */
  own: boolean;
  email: string;
  /** The checkout snapshot's view (facts, lines, totals); null for orders without one (seeded demo orders). */
  details: Confirmation | null;
  /** The lines, from the snapshot or else from the order's own line list. */
  items: Confirmation['items'];
}

/** Who owns the orders: the account id and its (verified) e-mail. */
export interface OrderOwner {
  customerId: number;
  email: string;
}

/** What can name an order at all (checkout numbers are digits; seeded and test orders may carry letters and dashes). */
export const isOrderNumberShape = (v: string | undefined): v is string => typeof v === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(v);

type OrderRow = Selectable<OrdersTable>;

/** The account's orders in this storefront, as a query to narrow (the one ownership rule of the pages, returns, …). */
export function ownedBy(db: Db, owner: OrderOwner, locale: LocaleCode) {
  return db
    .selectFrom('orders')
    .where('locale', '=', locale)
    .where((eb) => eb.or(ownOrders(eb, owner)));
}

/** Placed while logged in, or as a guest with the account's own (verified) e-mail. */
const ownOrders = (eb: ExpressionBuilder<Database, 'orders'>, owner: OrderOwner) => [
  eb('customer_id', '=', owner.customerId),
  eb.and([eb('customer_id', 'is', null), eb(sql<string>`lower(email)`, '=', owner.email.trim().toLowerCase())]),
];

/** The account's own orders and its company's orders in this storefront: what its order pages list and show. */
export function visibleTo(db: Db, owner: OrderOwner, locale: LocaleCode) {
  return db
    .selectFrom('orders')
    .where('locale', '=', locale)
    .where((eb) =>
      eb.or([
        ...ownOrders(eb, owner),
        eb(
          'company_id',
          'in',
          eb.selectFrom('company_members').select('company_id').where('company_members.customer_id', '=', owner.customerId),
        ),
      ]),
    );
}

const isOwn = (r: Pick<OrderRow, 'customer_id' | 'email'>, owner: OrderOwner) =>
  r.customer_id === owner.customerId || (r.customer_id === null && r.email.trim().toLowerCase() === owner.email.trim().toLowerCase());

/** The names of the members who placed these company orders, by customer id. */
async function placersOf(db: Db, rows: readonly Pick<OrderRow, 'company_id' | 'customer_id'>[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.company_id && r.customer_id !== null ? [r.customer_id] : [])))];
  if (ids.length === 0) return new Map();
  const people = await db.selectFrom('customers').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
  return new Map(people.map((p) => [p.id, p.name || p.email]));
}

const placedBy = (r: Pick<OrderRow, 'company_id' | 'customer_id'>, names: Map<number, string>) =>
  r.company_id && r.customer_id !== null ? (names.get(r.customer_id) ?? null) : null;

const totalOf = (r: Pick<OrderRow, 'total_minor' | 'total'>) => r.total_minor ?? Math.round(Number(r.total) * 100);

/** The account's orders and its company's in this storefront, newest first. */
export async function ordersOfCustomer(db: Db, locale: LocaleCode, owner: OrderOwner, limit = 100): Promise<OrderSummary[]> {
  const rows = await visibleTo(db, owner, locale)
    .select(['id', 'created_at', 'status', 'total', 'total_minor', 'company_id', 'customer_id'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const names = await placersOf(db, rows);
  return rows.map((r) => ({
    order_number: r.id,
    placed_at: r.created_at,
    status: r.status,
    total_minor: totalOf(r),
    placed_by: placedBy(r, names),
  }));
}

/**
 * One order of the account; undefined when it is not theirs or not in this storefront (the same answer either way).
 * `company`: also an order of the account's company (the order pages); without it only the account's own (returns,
 * reorder: acting on an order).
 */
export async function orderOfCustomer(
  db: Db,
  locale: LocaleCode,
  owner: OrderOwner,
  orderNumber: string,
  { company = false }: { company?: boolean } = {},
): Promise<AccountOrder | undefined> {
  if (!isOrderNumberShape(orderNumber)) return undefined;
  const row = await (company ? visibleTo(db, owner, locale) : ownedBy(db, owner, locale))
    .selectAll()
    .where('id', '=', orderNumber)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...accountOrderOf(row, await placersOf(db, [row])), own: isOwn(row, owner) };
}

/** The one order a guest token names, in this storefront. */
export async function orderOfGuest(db: Db, locale: LocaleCode, orderId: string): Promise<AccountOrder | undefined> {
  if (!isOrderNumberShape(orderId)) return undefined;
  const row = await db.selectFrom('orders').selectAll().where('id', '=', orderId).where('locale', '=', locale).executeTakeFirst();
  return row ? { ...accountOrderOf(row, await placersOf(db, [row])), own: true } : undefined;
}

function accountOrderOf(row: OrderRow, names: Map<number, string>): Omit<AccountOrder, 'own'> {
  const details = hasSnapshot(row.details) ? confirmationOfRow(row) : null;
  return {
    order_number: row.id,
    placed_at: row.created_at,
    status: row.status,
    total_minor: details?.totals.total_minor ?? totalOf(row),
    placed_by: placedBy(row, names),
    email: row.email,
    details,
    items: details?.items ?? legacyItems(row.items),
  };
}

function hasSnapshot(json: string): boolean {
  try {
    const d = JSON.parse(json) as { lines?: unknown; totals?: unknown };
    return Array.isArray(d.lines) && typeof d.totals === 'object' && d.totals !== null;
  } catch {
    return false;
  }
}

/** Orders from before checkout snapshots keep `[{ sku, name, quantity, price }]` with prices in major units incl. VAT. */
function legacyItems(json: string): Confirmation['items'] {
  try {
    const items = JSON.parse(json) as { sku?: unknown; name?: unknown; quantity?: unknown; price?: unknown }[];
    return items.map((i) => {
      const quantity = Number(i.quantity) || 0;
      const unit = Math.round(Number(i.price) * 100) || 0;
      return { sku: String(i.sku ?? ''), name: String(i.name ?? ''), quantity, unit_price_minor: unit, total_minor: unit * quantity };
    });
  } catch {
    return [];
  }
}
