/** Which engine to use: PostgreSQL when DATABASE_URL is postgres://…, else the embedded SQLite file. */
import path from 'node:path';

export type DbConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export const DEFAULT_SQLITE_FILE = 'data/partsfront.db';

export function dbConfigFromEnv(env: Record<string, string | undefined> = process.env): DbConfig {
  const url = env.DATABASE_URL?.trim();
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  if (url && url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  }
  if (url) throw new Error(`DATABASE_URL must start with postgres:// or sqlite: (got ${url.split(':')[0]}:)`);
  return { kind: 'sqlite', file: path.resolve(env.PARTSFRONT_DB_FILE ?? DEFAULT_SQLITE_FILE) };
}
