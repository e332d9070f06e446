/**
 * A PostgreSQL session-level advisory lock held for the duration of `run`, on one connection of the pool
 * (a process that dies releases it with its connection). For jobs that any server process may start but
 * only one should run at a time (reconciliation: docs/adr/0007-checkout-orders-and-money.md#one-completion-routine).
 */
import { sql } from 'kysely';
import type { Db } from './connection.ts';

/** run's result, or null without running when another session holds the lock. PostgreSQL only. */
export async function withAdvisoryLock<T>(db: Db, name: string, run: () => Promise<T>): Promise<T | null> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(hashtext(${name})) AS locked`.execute(conn);
    if (!rows[0]?.locked) return null;
    try {
      return await run();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${name}))`.execute(conn);
    }
  });
}
