/** `SELECT 1` within a deadline: the database check of /readyz (docs/product/logs-and-metrics.md#healthz-and-readyz). */
import { sql } from 'kysely';
import type { Db } from './connection.ts';

export async function pingDatabase(db: Db, timeoutMs = 1000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([sql`SELECT 1`.execute(db), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
