/**
 * An unconfirmed back-in-stock request ends after a week with its address erased (no consent to keep it;
 * docs/product/parts-finder.md#back-in-stock); confirmed and younger ones are kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { expireUnconfirmed, UNCONFIRMED_KEPT_DAYS } from '#server/catalogue/stock-alerts.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();
let db: Db;

const alert = (id: string, createdAt: string, confirmedAt: string | null) => ({
  id,
  product_id: 1,
  locale: 'sv',
  email: `${id}@example.com`,
  confirm_token_hash: `hash-${id}`,
  consent_text: 'x',
  consent_version: '1',
  consented_at: createdAt,
  created_at: createdAt,
  confirmed_at: confirmedAt,
  notified_at: null,
  ended_at: null,
  ended_reason: null,
  unsubscribe_token: `stop-${id}`,
});

beforeAll(async () => {
  db = openDb({ kind: 'sqlite', file: ':memory:' }).db;
  await migrate(db);
  await db
    .insertInto('stock_alerts')
    .values([
      alert('old-pending', daysAgo(UNCONFIRMED_KEPT_DAYS + 1), null),
      alert('young-pending', daysAgo(UNCONFIRMED_KEPT_DAYS - 1), null),
      alert('old-confirmed', daysAgo(30), daysAgo(29)),
    ])
    .execute();
});
afterAll(() => db.destroy());

describe('unconfirmed back-in-stock requests', () => {
  it('end after a week with the address erased; younger and confirmed ones stay', async () => {
    expect(await expireUnconfirmed(db, NOW)).toBe(1);
    const rows = await db.selectFrom('stock_alerts').select(['id', 'email', 'ended_reason']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'old-confirmed', email: 'old-confirmed@example.com', ended_reason: null },
      { id: 'old-pending', email: null, ended_reason: 'unconfirmed' },
      { id: 'young-pending', email: 'young-pending@example.com', ended_reason: null },
    ]);
    expect(await expireUnconfirmed(db, NOW)).toBe(0);
  });
});
