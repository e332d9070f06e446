/**
 * Applies src/server/db/migrations/*.sql in name order, once each, recorded in schema_migrations. Two processes
 * starting at once after an upgrade (several nodes, or a node and `npm run db:migrate`) never both apply one:
 * on PostgreSQL the whole run holds an advisory lock (the second waits, then finds everything applied), on SQLite
 * each migration is an IMMEDIATE transaction that checks its version again (one writer at a time).
 * docs/product/operations.md#upgrade.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Db } from './connection.ts';
import type { Database } from './schema.ts';
import { SQLITE_BUSY_TIMEOUT_MS } from './node-sqlite.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The advisory lock every migration run on one PostgreSQL database takes (hashtext of this name). */
export const MIGRATION_LOCK = 'partsfront:migrate';

/** Splits a migration into statements: a statement ends with `;` at the end of a line. */
export function splitStatements(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The versions (file names without .sql) of the migrations in `dir`, in the order they apply. */
export function migrationVersions(dir = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => f.replace(/\.sql$/, ''));
}

export const isPostgres = (db: Kysely<Database>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export interface MigrateOptions {
  /** Told once when another process holds the migration lock and this one waits for it. */
  onWait?: (message: string) => void;
}

/** How long a SQLite migration waits for another process's migration to let go of the write lock. */
const SQLITE_MIGRATION_WAIT_MS = 10 * 60_000;

export async function migrate(db: Db, dir = MIGRATIONS_DIR, opts: MigrateOptions = {}): Promise<string[]> {
  const postgres = isPostgres(db);
  // one connection for the lock and every migration: the lock is its session's, and a pool of one still works
  return db.connection().execute(async (conn) => {
    if (postgres) {
      const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(hashtext(${MIGRATION_LOCK})) AS locked`.execute(conn);
      if (!rows[0]?.locked) {
        opts.onWait?.('another process is migrating this database; waiting for it to finish');
        await sql`SELECT pg_advisory_lock(hashtext(${MIGRATION_LOCK}))`.execute(conn);
      }
    }
    // SQLite: another process's migration holds the write lock as long as it runs (minutes on a 1,000,000-product
    // file, seconds on a busy machine), so this one waits longer than a request would (SQLITE_BUSY_TIMEOUT_MS)
    if (!postgres) await sql.raw(`PRAGMA busy_timeout = ${SQLITE_MIGRATION_WAIT_MS}`).execute(conn);
    try {
      return await applyPending(conn, dir, postgres);
    } finally {
      if (postgres) await sql`SELECT pg_advisory_unlock(hashtext(${MIGRATION_LOCK}))`.execute(conn);
      else await sql.raw(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(conn);
    }
  });
}

async function applyPending(conn: Kysely<Database>, dir: string, postgres: boolean): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(conn);
  const recorded = async () => new Set((await conn.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version));
  const done = await recorded();
  const applied: string[] = [];
  for (const version of migrationVersions(dir)) {
    if (done.has(version)) continue;
    const statements = splitStatements(fs.readFileSync(path.join(dir, `${version}.sql`), 'utf8'));
    // SQLite: IMMEDIATE takes the write lock before the check below, so a second process waits and then skips
    await sql.raw(postgres ? 'BEGIN' : 'BEGIN IMMEDIATE').execute(conn);
    try {
      if (!postgres && (await recorded()).has(version)) {
        await sql`COMMIT`.execute(conn);
        continue;
      }
      for (const statement of statements) await sql.raw(statement).execute(conn);
      await conn.insertInto('schema_migrations').values({ version, applied_at: new Date().toISOString() }).execute();
      await sql`COMMIT`.execute(conn);
    } catch (err) {
      await sql`ROLLBACK`.execute(conn).catch(() => {});
      throw err;
    }
    applied.push(version);
  }
  return applied;
}
