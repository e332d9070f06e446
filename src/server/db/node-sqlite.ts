/**
 * Kysely's SqliteDialect speaks the better-sqlite3 interface; node:sqlite (built into Node ≥ 22.13)
 * needs no native build, so this adapter bridges the two.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type Param = null | number | bigint | string | Uint8Array;

function toParams(parameters: ReadonlyArray<unknown>): Param[] {
  return parameters.map((p) => {
    if (p === undefined) return null;
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p instanceof Date) return p.toISOString();
    return p as Param;
  });
}

class Statement implements SqliteStatement {
  readonly reader: boolean;
  private readonly stmt: StatementSync;
  constructor(stmt: StatementSync) {
    this.stmt = stmt;
    this.reader = stmt.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>) {
    return this.stmt.all(...toParams(parameters));
  }
  run(parameters: ReadonlyArray<unknown>) {
    const r = this.stmt.run(...toParams(parameters));
    return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
  }
  iterate(parameters: ReadonlyArray<unknown>) {
    return this.stmt.iterate(...toParams(parameters)) as IterableIterator<unknown>;
  }
}

/** Prepared statements are reused: preparing a join costs more than running it on hot API paths. */
const STATEMENT_CACHE_SIZE = 500;

/** How long a statement waits for another connection's write lock before it fails with "database is locked". */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

export function openNodeSqlite(file: string): SqliteDatabase & { exec(sql: string): void; raw: DatabaseSync } {
  const db = new DatabaseSync(file);
  const statements = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let s = statements.get(sql);
    if (!s) {
      s = new Statement(db.prepare(sql));
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(sql, s);
    }
    return s;
  };
  // WAL lets the server read while a seed/import or rebuild writes; foreign keys are off by default in SQLite.
  // The busy timeout comes first: switching a new file to WAL takes a lock another process may hold for a moment.
  db.exec(
    `PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;` +
      // A 64 MB page cache and memory-mapped reads keep hot API queries (50k-product catalogue) off read() calls.
      ' PRAGMA cache_size = -65536; PRAGMA mmap_size = 268435456;',
  );
  return {
    raw: db,
    close: () => db.close(),
    prepare,
    exec: (sql: string) => db.exec(sql),
  };
}
