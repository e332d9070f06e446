/**
 * SQLite backups (docs/product/operations.md#sqlite): `VACUUM INTO` writes a consistent copy in one read transaction
 * while the shop keeps serving and writing (WAL); a restore copies the backup into the live file through SQLite's
 * backup API, so a process that still has the file open reads the restored pages, never a replaced file's ghost.
 */
import fs from 'node:fs';
import { backup, DatabaseSync } from 'node:sqlite';
import { KEY_TABLES } from '#lib/operations/backup-files.ts';

export interface SqliteInspection {
  /** `ok`, or what PRAGMA integrity_check found. */
  integrity: string;
  migrations: string[];
  rowCounts: Record<string, number>;
}

/** Integrity, applied migrations and key-table row counts of a database file, opened read-only. */
export function inspectSqlite(file: string): SqliteInspection {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const integrity = (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join('; ');
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name),
    );
    const migrations = tables.has('schema_migrations')
      ? (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: string }[]).map((r) => r.version)
      : [];
    const rowCounts: Record<string, number> = {};
    for (const t of KEY_TABLES)
      if (tables.has(t)) rowCounts[t] = Number((db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n);
    return { integrity, migrations, rowCounts };
  } finally {
    db.close();
  }
}

/** A consistent copy of the live database at `target` (which must not exist). */
export function copySqlite(file: string, target: string): void {
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(target);
  } finally {
    db.close();
  }
}

/**
 * True when another connection (a server, a CLI) has the database open: taking an exclusive lock with
 * locking_mode EXCLUSIVE fails at once while any other connection is attached to the WAL.
 */
export function sqliteInUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const db = new DatabaseSync(file);
  try {
    db.exec('PRAGMA busy_timeout = 0; PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('ROLLBACK');
    return false;
  } catch {
    return true;
  } finally {
    db.close();
  }
}

/** Copies the backup's pages into the live file (created if missing); answers the pages copied. */
export async function restoreSqlite(backupFile: string, file: string): Promise<number> {
  const source = new DatabaseSync(backupFile, { readOnly: true });
  try {
    // every page in one step: a running server waits (busy_timeout) for one short copy, never sees half of one
    return await backup(source, file, { rate: 1_000_000_000 });
  } finally {
    source.close();
  }
}
