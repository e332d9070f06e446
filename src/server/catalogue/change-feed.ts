/**
 * The change feed of incremental pages (docs/adr/0017-incremental-pages.md#decision): a change to what static
 * pages show is recorded in the same transaction as the change itself, with a sequence number from a counter row
 * (its row lock orders the commits, as for order numbers). Every node re-renders the pages tagged by the rows
 * after the last one it applied.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export interface CatalogueChange {
  seq: number;
  tags: string[];
  /** Storefronts whose pages change; empty = every storefront. */
  locales: string[];
  reason: string;
  changedBy: string;
  createdAt: string;
}

export interface ChangeInput {
  tags: readonly string[];
  locales?: readonly string[];
  reason: string;
  changedBy: string;
}

const list = (s: string) => (s ? s.split(',') : []);

/** Records a change inside the caller's transaction; returns its sequence number. */
export async function recordChange(trx: Transaction<Database>, change: ChangeInput): Promise<number> {
  const row = await trx
    .updateTable('counters')
    .set({ value: sql`value + 1` })
    .where('name', '=', 'catalogue_change')
    .returning('value')
    .executeTakeFirstOrThrow();
  const seq = Number(row.value);
  await trx
    .insertInto('catalogue_changes')
    .values({
      seq,
      tags: [...new Set(change.tags)].join(','),
      locales: [...new Set(change.locales ?? [])].join(','),
      reason: change.reason,
      changed_by: change.changedBy,
      created_at: new Date().toISOString(),
    })
    .execute();
  return seq;
}

/** The newest committed sequence number (0 before the first change). */
export async function latestChangeSeq(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('counters').where('name', '=', 'catalogue_change').select('value').executeTakeFirst();
  return Number(row?.value ?? 0);
}

/** Changes after `seq`, oldest first, at most `limit`. */
export async function changesAfter(db: Kysely<Database>, seq: number, limit = 500): Promise<CatalogueChange[]> {
  const rows = await db.selectFrom('catalogue_changes').where('seq', '>', seq).selectAll().orderBy('seq').limit(limit).execute();
  return rows.map((r) => ({
    seq: Number(r.seq),
    tags: list(r.tags),
    locales: list(r.locales),
    reason: r.reason,
    changedBy: r.changed_by,
    createdAt: r.created_at,
  }));
}

/**
 * The sequence number a build starts from, through a short-lived connection (the build process's own): a node
 * serving that build replays every change after it. 0 when the database has no feed yet (not migrated).
 */
export async function buildStartSeq(): Promise<number> {
  const { openDb } = await import('#server/db/connection.ts');
  const { db } = openDb();
  try {
    return await latestChangeSeq(db);
  } catch {
    return 0;
  } finally {
    await db.destroy();
  }
}
