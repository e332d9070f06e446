/**
 * The first connection of a start or CLI command: an unreachable PostgreSQL stops it with a message that names
 * DATABASE_URL (host:port, the password never shown) and the cause, instead of a bare ECONNREFUSED
 * (docs/product/configuration.md#database).
 */
import { sql } from 'kysely';
import { redactUrl } from '#lib/config/check-env.ts';
import type { DbConfig } from './config.ts';
import type { Db } from './connection.ts';

/** "DATABASE_URL: cannot reach PostgreSQL at host:port (postgres://u:***@host:port/db): <cause> — <fix>". */
export function unreachableMessage(config: DbConfig, err: unknown): string {
  const e = err as { code?: string; message?: string; errors?: { message?: string }[] };
  const cause = [e?.code, e?.message || e?.errors?.map((x) => x.message).join('; ')].filter(Boolean).join(': ') || String(err);
  if (config.kind === 'sqlite')
    return `DATABASE_URL: cannot open the embedded database ${config.file}: ${cause} — check the file and its folder's permissions`;
  let where = 'PostgreSQL';
  try {
    const u = new URL(config.url);
    where = `PostgreSQL at ${u.hostname}:${u.port || '5432'}`;
  } catch {
    /* the config check reports malformed URLs */
  }
  return `DATABASE_URL: cannot reach ${where} (${redactUrl(config.url)}): ${cause} — start PostgreSQL or correct DATABASE_URL`;
}

/** Runs `select 1`; throws an Error with unreachableMessage when the database cannot be used. */
export async function assertReachable(db: Db, config: DbConfig): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (err) {
    throw new Error(unreachableMessage(config, err), { cause: err });
  }
}
