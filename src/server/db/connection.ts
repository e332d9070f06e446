/** One Kysely instance per process over the configured engine (embedded SQLite or PostgreSQL). */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { dbConfigFromEnv, type DbConfig } from './config.ts';
import { openNodeSqlite } from './node-sqlite.ts';
import { acceptCopyRows } from './pg-copy.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export interface DbHandle {
  db: Db;
  config: DbConfig;
}

export function openDb(config: DbConfig = dbConfigFromEnv()): DbHandle {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: Number(process.env.PG_POOL_MAX ?? 10),
      // An unreachable server must fail a request within seconds (503), never hang it: docs/product/performance.md#faults.
      connectionTimeoutMillis: Number(process.env.PG_CONNECT_TIMEOUT_MS ?? 5000),
    });
    watchConnectionErrors(pool);
    acceptCopyRows(pool);
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), config };
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const database = openNodeSqlite(config.file);
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), config };
}

type LostConnectionReport = (err: Error & { code?: string }) => void;
let reportLostConnection: LostConnectionReport = (err) =>
  console.warn(`[db] a PostgreSQL connection was lost (${err.code ?? err.name}: ${err.message}); reconnecting on demand`);

/**
 * Where a lost connection is reported: the server passes its logger in (src/host/index.ts), as the logger's folder
 * sits beside this one (docs/adr/0006-source-layout.md); command-line tools keep the plain stderr line.
 */
export function onLostConnection(report: LostConnectionReport): void {
  reportLostConnection = report;
}

/**
 * A connection the server cut (PostgreSQL restarted: 57P01, or the network dropped) emits 'error' on its client,
 * and pg-pool re-emits it on the pool for idle clients; either one unhandled would crash the whole process.
 * Logged once per client; the broken client is dropped (pg-pool discards it when it is released or idle) and
 * the next query connects anew, so the server recovers without a restart.
 */
function watchConnectionErrors(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    client.on('error', (err: Error & { code?: string }) => reportLostConnection(err));
  });
  pool.on('error', () => {}); // already logged by the client's own listener above
}

/**
 * The process-wide connection used by services and pages. Kept on globalThis: after a rebuild the server
 * loads the new build's bundle (its own copy of this module) into the same process, and every build must
 * share one pool instead of leaking one per switch.
 */
const SHARED = Symbol.for('partsfront.db.shared');
const holder = globalThis as typeof globalThis & { [SHARED]?: DbHandle };

function shared(): DbHandle {
  holder[SHARED] ??= openDb();
  return holder[SHARED];
}

export function getDb(): Db {
  return shared().db;
}

export function getDbConfig(): DbConfig {
  return shared().config;
}

export async function closeSharedDb(): Promise<void> {
  const h = holder[SHARED];
  holder[SHARED] = undefined;
  if (h) await h.db.destroy();
}
