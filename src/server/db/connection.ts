/** One Kysely instance per process over the configured engine (embedded SQLite or PostgreSQL). */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { dbConfigFromEnv, type DbConfig } from './config.ts';
import { openNodeSqlite } from './node-sqlite.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export interface DbHandle {
  db: Db;
  config: DbConfig;
}

export function openDb(config: DbConfig = dbConfigFromEnv()): DbHandle {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: Number(process.env.PG_POOL_MAX ?? 10) });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), config };
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const database = openNodeSqlite(config.file);
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), config };
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
