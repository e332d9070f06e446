/**
 * PostgreSQL backups (docs/product/operations.md#postgresql): `pg_dump --format=custom` inside an exported snapshot,
 * so the manifest's row counts and migrations are those of the dump exactly; a restore is `pg_restore --clean
 * --if-exists --no-owner` in one transaction (the nodes see the old data or the restored data, never a mix).
 */
import { sql } from 'kysely';
import { copyRows, KEY_TABLES } from '#lib/operations/backup-files.ts';
import type { Db } from '#server/db/connection.ts';
import { findPgTool, pgConnection, runToolOrThrow } from './pg-tools.ts';

export interface PgOptions {
  url: string;
  pgBin?: string;
}

/** Tables of the current schema, by name. */
async function tablesOf(db: Db): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
  return new Set(rows.map((r) => r.name));
}

export async function postgresRowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await tablesOf(db);
  const counts: Record<string, number> = {};
  for (const t of KEY_TABLES)
    if (tables.has(t)) counts[t] = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(t)}`.execute(db)).rows[0]!.n);
  return counts;
}

export async function appliedMigrations(db: Db): Promise<string[]> {
  if (!(await tablesOf(db)).has('schema_migrations')) return [];
  return (await db.selectFrom('schema_migrations').select('version').orderBy('version').execute()).map((r) => r.version);
}

/** Dumps the database to `target`; answers the migrations and row counts of the dumped snapshot. */
export async function dumpPostgres(
  db: Db,
  opts: PgOptions,
  target: string,
): Promise<{ migrations: string[]; rowCounts: Record<string, number> }> {
  const pgDump = findPgTool('pg_dump', { pgBin: opts.pgBin });
  const pgRestore = findPgTool('pg_restore', { pgBin: opts.pgBin });
  const conn = pgConnection(opts.url);
  const result = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      // pg_dump reads the snapshot this transaction holds open: counts and dump see the same rows
      const snapshot = (await sql<{ id: string }>`SELECT pg_export_snapshot() AS id`.execute(trx)).rows[0]!.id;
      const migrations = await appliedMigrations(trx);
      const rowCounts = await postgresRowCounts(trx);
      await runToolOrThrow(pgDump, ['--format=custom', `--snapshot=${snapshot}`, `--file=${target}`, `--dbname=${conn.url}`], conn.env);
      return { migrations, rowCounts };
    });
  // a dump pg_restore cannot list is no backup
  await runToolOrThrow(pgRestore, ['--list', target], conn.env);
  return result;
}

/** What a dump holds without restoring it: its tables and its schema_migrations rows. */
export async function readDump(file: string, opts: { pgBin?: string }): Promise<{ tables: string[]; migrations: string[] }> {
  const pgRestore = findPgTool('pg_restore', opts);
  const list = await runToolOrThrow(pgRestore, ['--list', file], process.env);
  // "217; 1259 16390 TABLE public brands partsfront" (TABLE DATA lines are the rows)
  const tables = [...list.stdout.matchAll(/^\d+; \d+ \d+ TABLE \S+ (\S+) /gm)].map((m) => m[1]!);
  const migrations = tables.includes('schema_migrations')
    ? copyRows((await runToolOrThrow(pgRestore, ['--data-only', '--table=schema_migrations', '--file=-', file], process.env)).stdout)
        .map((r) => r[0]!)
        .sort()
    : [];
  return { tables, migrations };
}

/**
 * Restores a dump into the database of `opts.url` in one transaction; then drops the tables the dump does not
 * have (left by migrations newer than the backup, which would break applying them again). Answers those tables.
 */
export async function restorePostgres(db: Db, opts: PgOptions, file: string, dumpTables: readonly string[]): Promise<string[]> {
  const pgRestore = findPgTool('pg_restore', { pgBin: opts.pgBin });
  const conn = pgConnection(opts.url);
  await runToolOrThrow(
    pgRestore,
    ['--clean', '--if-exists', '--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', `--dbname=${conn.url}`, file],
    conn.env,
  );
  const extra = [...(await tablesOf(db))].filter((t) => !dumpTables.includes(t)).sort();
  if (extra.length)
    await db.transaction().execute(async (trx) => {
      for (const t of extra) await sql`DROP TABLE IF EXISTS ${sql.table(t)} CASCADE`.execute(trx);
    });
  return extra;
}
