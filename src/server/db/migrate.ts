/** Applies src/server/db/migrations/*.sql in name order, once each, recorded in schema_migrations. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './connection.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

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

export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(db);
  const done = new Set((await db.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version));
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (done.has(version)) continue;
    const statements = splitStatements(fs.readFileSync(path.join(dir, file), 'utf8'));
    await db.transaction().execute(async (trx) => {
      for (const statement of statements) await sql.raw(statement).execute(trx);
      await trx.insertInto('schema_migrations').values({ version, applied_at: new Date().toISOString() }).execute();
    });
    applied.push(version);
  }
  return applied;
}
