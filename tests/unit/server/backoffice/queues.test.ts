/**
 * The back office's queues (docs/product/back-office-data.md#queues) on a real database: returns by state with
 * their lines, the outbox, client errors grouped by message, low stock. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { clientErrorGroups, lowStock, outboxList, reconciledOrders, returnsQueue } from '#server/backoffice/queues.ts';
import { LOW_STOCK_THRESHOLD, OUTBOX_STATES, parseQueueFilter } from '#lib/backoffice/health-paging.ts';
import { RETURN_QUEUE_STATES } from '#lib/backoffice/returns-queue.ts';
import { ENGINES, insertTestOrder } from './backoffice-db.ts';
import { clientErrorRow, outboxRow } from '#tests/support/queue-rows.ts';

const at = (h: number) => new Date(Date.UTC(2026, 10, 26, h)).toISOString();
const returnsFilter = (q: string) => {
  const r = parseQueueFilter(new URLSearchParams(q), RETURN_QUEUE_STATES);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.filter;
};

describe('parseQueueFilter', () => {
  it('states out of the list, a page; one message per bad param', () => {
    expect(returnsFilter('state=requested&state=received&state=requested&page=2')).toEqual({
      states: ['requested', 'received'],
      page: 2,
      size: 25,
    });
    expect(parseQueueFilter(new URLSearchParams('state=lost&size=500'), RETURN_QUEUE_STATES)).toEqual({
      ok: false,
      problems: [
        { param: 'state', message: 'one of requested, approved, rejected, received, refunded' },
        { param: 'size', message: 'at most 100' },
      ],
    });
  });
});

describe.each(ENGINES)('back office queues on $name', (engine) => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await engine.open());
    await insertTestOrder(db, {
      number: '3000001',
      placedAt: at(1),
      status: 'delivered',
      lines: [
        { sku: 'A', quantity: 2, unit: 100_00, vat: 25 },
        { sku: 'B', quantity: 1, unit: 50_00, vat: 25 },
      ],
    });
    const ret = (id: string, seq: number, kind: string, status: string, created: string, lines: object[]) => ({
      id,
      order_id: '3000001',
      sequence: seq,
      kind,
      status,
      reason: kind === 'return' ? 'wrong_part' : null,
      comment: kind === 'return' ? 'Does not fit, "model 2"' : null,
      lines: JSON.stringify(lines),
      currency: 'SEK',
      refund_goods_minor: 100_00,
      refund_shipping_minor: 0,
      requested_by: 'guest',
      created_at: created,
      updated_at: created,
    });
    await db
      .insertInto('order_returns')
      .values([
        ret('RMA-3000001-1', 1, 'return', 'refunded', at(2), [{ line: 0, sku: 'A', quantity: 1 }]),
        ret('RMA-3000001-2', 2, 'withdrawal', 'approved', at(3), [{ line: 1, sku: 'B', quantity: 1 }]),
        ret('RMA-3000001-3', 3, 'return', 'requested', at(4), [{ line: 0, sku: 'A', quantity: 1 }]),
      ])
      .execute();
    const mail = (status: string, created: string, error: string | null = null) =>
      outboxRow({
        status,
        createdAt: created,
        subject: `Skickad ${created}`,
        recipient: 'a@example.se',
        kind: 'shipped',
        attempts: status === 'failed' ? 8 : 1,
        lastError: error,
      });
    await db
      .insertInto('mail_outbox')
      .values([mail('sent', at(1)), mail('failed', at(2), '550 mailbox unavailable'), mail('queued', at(3))])
      .execute();
    await db
      .insertInto('client_errors')
      .values([
        clientErrorRow('TypeError: x is undefined', at(1)),
        clientErrorRow('TypeError: x is undefined', at(5), 'fi'),
        clientErrorRow('Script error.', at(3)),
        clientErrorRow('Old', at(0)),
      ])
      .execute();
    const product = (id: number, sku: string, quantity: number, status = 'in-stock') => ({
      id,
      sku,
      prefix: 'P',
      type: 0,
      brand_id: null,
      group_id: null,
      discount_category: null,
      stock_status: status,
      stock_quantity: quantity,
      estimated_at: null,
      orderable: 1,
      notifyable: 0,
      decoration: null,
      variations: '[]',
      updated_at: at(0),
      safety: null,
    });
    await db
      .insertInto('products')
      .values([
        product(1, 'LOW-1', 0),
        product(2, 'LOW-2', LOW_STOCK_THRESHOLD),
        product(3, 'OK-1', LOW_STOCK_THRESHOLD + 1),
        product(4, 'GONE', 0, 'out-of-stock'),
      ])
      .execute();
    await db
      .insertInto('product_translations')
      .values({
        product_id: 2,
        locale: 'sv',
        name: 'Oljefilter',
        slug: 'oljefilter',
        url_fragment: 'oljefilter',
        description: '',
        search_text: '',
      })
      .execute();
  });
  afterAll(async () => {
    await close();
  });

  it('returns and withdrawals by state, newest first, with the lines named from the order', async () => {
    const all = await returnsQueue(db, returnsFilter(''));
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => [r.rma, r.kind, r.state])).toEqual([
      ['RMA-3000001-3', 'return', 'requested'],
      ['RMA-3000001-2', 'withdrawal', 'approved'],
      ['RMA-3000001-1', 'return', 'refunded'],
    ]);
    expect(all.rows[0]).toEqual({
      rma: 'RMA-3000001-3',
      orderNumber: '3000001',
      storefront: 'sv',
      email: '3000001@example.se',
      kind: 'return',
      state: 'requested',
      reason: 'wrong_part',
      comment: 'Does not fit, "model 2"',
      lines: [{ sku: 'A', name: 'Product A', quantity: 1 }],
      refundMinor: 100_00,
      currency: 'SEK',
      requestedAt: at(4),
      updatedAt: at(4),
    });
    const open = await returnsQueue(db, returnsFilter('state=requested&state=approved&size=1&page=2'));
    expect(open).toMatchObject({ total: 2, page: 2, size: 1 });
    expect(open.rows.map((r) => r.rma)).toEqual(['RMA-3000001-2']);
  });

  it('the outbox newest first, filtered by state', async () => {
    const all = await outboxList(db, { states: [], page: 1, size: 25 });
    expect(all.rows.map((m) => m.status)).toEqual(['queued', 'failed', 'sent']);
    const failed = await outboxList(db, { states: ['failed'], page: 1, size: 25 });
    expect(failed.total).toBe(1);
    expect(failed.rows[0]).toMatchObject({ status: 'failed', attempts: 8, lastError: '550 mailbox unavailable', to: 'a@example.se' });
    expect(OUTBOX_STATES).toContain('failed');
  });

  it('client errors grouped by message, last seen first, since the given time', async () => {
    expect(await clientErrorGroups(db, new Date(at(1)))).toEqual([
      { message: 'TypeError: x is undefined', count: 2, firstSeen: at(1), lastSeen: at(5), storefronts: ['fi', 'sv'] },
      { message: 'Script error.', count: 1, firstSeen: at(3), lastSeen: at(3), storefronts: ['sv'] },
    ]);
    expect(await clientErrorGroups(db, new Date(at(6)))).toEqual([]);
  });

  it('low stock: in-stock parts at or below the threshold, fewest first', async () => {
    expect(await lowStock(db)).toEqual([
      { productId: 1, sku: 'LOW-1', name: 'LOW-1', quantity: 0 },
      { productId: 2, sku: 'LOW-2', name: 'Oljefilter', quantity: LOW_STOCK_THRESHOLD },
    ]);
  });

  it('reconciliation: the orders it completed, newest first', async () => {
    await insertTestOrder(db, { number: '3000002', placedAt: at(7), locale: 'fi' });
    await db
      .insertInto('order_events')
      .values({
        id: randomUUID(),
        order_id: '3000002',
        at: at(7),
        kind: 'payment',
        from_state: 'pending',
        to_state: 'authorized',
        event: 'authorize',
        source: 'reconciliation',
      })
      .execute();
    expect(await reconciledOrders(db, new Date(at(0)))).toEqual([
      { number: '3000002', storefront: 'fi', at: at(7), paymentState: 'authorized', totalMinor: 549_00, currency: 'EUR' },
    ]);
    expect(await reconciledOrders(db, new Date(at(8)))).toEqual([]);
  });
});
