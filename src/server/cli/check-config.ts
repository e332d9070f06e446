/**
 * The configuration check every entry runs first (`npm start`, `npm run serve`, the database commands): each
 * problem printed as `<VARIABLE>: <problem> — <fix>`, and on any error exit 1 before anything else happens
 * (docs/product/configuration.md). Runs once per process: `npm start` checks, then loads the server entry.
 */
import fs from 'node:fs';
import { checkEnv, formatProblems, type Env } from '#lib/config/check-env.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import { openDb } from '#server/db/connection.ts';
import { assertReachable } from '#server/db/reachable.ts';

const CHECKED = Symbol.for('partsfront.config.checked');
const holder = globalThis as typeof globalThis & { [CHECKED]?: boolean };

const dirExists = (dir: string): boolean => {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
};

/** Problems as lines (for tests and callers that print elsewhere); errors true when the start must stop. */
export function configReport(env: Env = process.env): { lines: string[]; errors: boolean } {
  const problems = checkEnv(env, { dirExists });
  return { lines: formatProblems(problems), errors: problems.some((p) => p.severity === 'error') };
}

/**
 * Checks the environment (and with `database`, that PostgreSQL answers); prints the problems to stderr and
 * exits 1 on an error.
 */
export async function checkConfigOrExit(opts: { database?: boolean } = {}, env: Env = process.env): Promise<void> {
  if (holder[CHECKED]) return;
  holder[CHECKED] = true;
  const { lines, errors } = configReport(env);
  for (const line of lines) console.error(line);
  if (errors) {
    console.error(`configuration has errors: see .env.example and docs/product/configuration.md`);
    process.exit(1);
  }
  const config = dbConfigFromEnv(env);
  // The embedded database is opened (and its file created) by the command itself.
  if (!opts.database || config.kind !== 'postgres') return;
  const { db } = openDb(config);
  try {
    await assertReachable(db, config);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  } finally {
    await db.destroy();
  }
}
