/**
 * The back office's queues (docs/product/back-office-data.md#queues): returns and withdrawals by state, the
 * e-mail outbox, client error reports grouped by message, and the low-stock list. Newest first, paged by offset.
 */
import type { Db } from '#server/db/connection.ts';
import { parseOrderDetails } from '#server/orders/order-details.ts';
import { orderSummaries, totalMinorOf } from '#server/orders/staff-order-reads.ts';
import type { QueueFilter } from '#lib/backoffice/health-paging.ts';
import { LOW_STOCK_THRESHOLD } from '#lib/backoffice/health-paging.ts';
import type { ReturnQueueRow } from '#lib/backoffice/returns-queue.ts';
import type { ReturnState } from '#lib/returns/return-states.ts';

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  size: number;
}

const countOf = (row: { n: number | string } | undefined) => Number(row?.n ?? 0);

/** Returns and withdrawals in the given states (all when none), newest request first, with their lines; `rma` narrows to one. */
export async function returnsQueue(db: Db, filter: QueueFilter<ReturnState> & { rma?: string }): Promise<Paged<ReturnQueueRow>> {
  let base = db.selectFrom('order_returns as r');
  if (filter.states.length > 0) base = base.where('r.status', 'in', filter.states);
  if (filter.rma !== undefined) base = base.where('r.id', '=', filter.rma);
  const total = countOf(await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst());
  const rows = await base
    .select([
      'r.id',
      'r.order_id',
      'r.kind',
      'r.status',
      'r.reason',
      'r.comment',
      'r.lines',
      'r.currency',
      'r.refund_goods_minor',
      'r.refund_shipping_minor',
      'r.created_at',
      'r.updated_at',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size)
    .execute();
  const orders = await orderSummaries(
    db,
    rows.map((r) => r.order_id),
  );
  return {
    total,
    page: filter.page,
    size: filter.size,
    rows: rows.map((r) => {
      const order = orders.get(r.order_id);
      const orderLines = order ? (parseOrderDetails(order.details).lines ?? []) : [];
      const lines = JSON.parse(r.lines) as { line: number; sku: string; quantity: number }[];
      return {
        rma: r.id,
        orderNumber: r.order_id,
        storefront: order?.locale ?? '',
        email: order?.email ?? '',
        kind: r.kind as ReturnQueueRow['kind'],
        state: r.status as ReturnState,
        reason: r.reason,
        comment: r.comment,
        lines: lines.map((l) => ({ sku: l.sku, name: orderLines[l.line]?.name ?? l.sku, quantity: l.quantity })),
        refundMinor: Number(r.refund_goods_minor) + Number(r.refund_shipping_minor),
        currency: r.currency,
        requestedAt: r.created_at,
        updatedAt: r.updated_at,
      };
    }),
  };
}

export interface OutboxRow {
  id: string;
  kind: string;
  storefront: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** The e-mail outbox, newest first, in the given states (all when none); no bodies (the page links to one). */
export async function outboxList(db: Db, filter: QueueFilter<string>): Promise<Paged<OutboxRow>> {
  let base = db.selectFrom('mail_outbox');
  if (filter.states.length > 0) base = base.where('status', 'in', filter.states);
  const total = countOf(await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst());
  const rows = await base
    .select(['id', 'kind', 'locale', 'recipient', 'subject', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size)
    .execute();
  return {
    total,
    page: filter.page,
    size: filter.size,
    rows: rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      storefront: m.locale,
      to: m.recipient,
      subject: m.subject,
      status: m.status,
      attempts: Number(m.attempts),
      lastError: m.last_error,
      createdAt: m.created_at,
      sentAt: m.sent_at,
    })),
  };
}

export interface ClientErrorGroup {
  message: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  /** The storefronts it was reported from. */
  storefronts: string[];
}

/** Client error reports since `since` grouped by message, the most recently seen first (the table keeps 30 days). */
export async function clientErrorGroups(db: Db, since: Date, limit = 50): Promise<ClientErrorGroup[]> {
  const groups = await db
    .selectFrom('client_errors')
    .select((eb) => [
      'message',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.min('created_at').as('first_seen'),
      eb.fn.max('created_at').as('last_seen'),
    ])
    .where('created_at', '>=', since.toISOString())
    .groupBy('message')
    .orderBy('last_seen', 'desc')
    .orderBy('message')
    .limit(limit)
    .execute();
  if (groups.length === 0) return [];
  const locales = await db
    .selectFrom('client_errors')
    .select(['message', 'locale'])
    .distinct()
    .where('created_at', '>=', since.toISOString())
    .where(
      'message',
      'in',
      groups.map((g) => g.message),
    )
    .execute();
  return groups.map((g) => ({
    message: g.message,
    count: Number(g.n),
    firstSeen: String(g.first_seen),
    lastSeen: String(g.last_seen),
    storefronts: locales
      .filter((l) => l.message === g.message)
      .map((l) => l.locale)
      .sort(),
  }));
}

export interface LowStockRow {
  productId: number;
  sku: string;
  name: string;
  quantity: number;
}

/** In-stock products with at most `threshold` units, fewest first (names in Swedish, the catalogue's first language). */
export async function lowStock(db: Db, threshold = LOW_STOCK_THRESHOLD, limit = 200): Promise<LowStockRow[]> {
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
    .select(['p.id', 'p.sku', 't.name', 'p.stock_quantity'])
    .where('p.stock_status', '=', 'in-stock')
    .where('p.stock_quantity', '<=', threshold)
    .orderBy('p.stock_quantity')
    .orderBy('p.sku')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ productId: r.id, sku: r.sku, name: r.name ?? r.sku, quantity: Number(r.stock_quantity) }));
}

export interface ReconciledOrder {
  number: string;
  storefront: string;
  /** When reconciliation completed it (the shopper never came back and no notification made it). */
  at: string;
  paymentState: string;
  totalMinor: number;
  currency: string;
}

/**
 * What reconciliation did (docs/product/back-office-data.md#queues): it keeps no log of its own, so the outcome
 * staff can see is the orders it completed — their events carry the source `reconciliation` — newest first.
 */
export async function reconciledOrders(db: Db, since: Date, limit = 100): Promise<ReconciledOrder[]> {
  const events = await db
    .selectFrom('order_events')
    .select(['order_id', 'to_state', 'at'])
    .where('source', '=', 'reconciliation')
    .where('kind', '=', 'payment')
    .where('at', '>=', since.toISOString())
    .orderBy('at', 'desc')
    .orderBy('order_id', 'desc')
    .limit(limit)
    .execute();
  const orders = await orderSummaries(
    db,
    events.map((e) => e.order_id),
  );
  return events.flatMap((e) => {
    const o = orders.get(e.order_id);
    return o
      ? [{ number: o.id, storefront: o.locale, at: e.at, paymentState: e.to_state, totalMinor: totalMinorOf(o), currency: o.currency }]
      : [];
  });
}
