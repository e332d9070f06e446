// The database `npm run bench:scale` runs on (bench/scale.mjs): a copy of the seeded SQLite demo catalogue, or —
// with --import, and always on PostgreSQL — an empty database (its schema dropped and made again) the demo is imported into through `npm run import`
// (export-demo to JSON Lines first, kept in .cache for the next run: the same options give the same bytes), timed
// with the import's peak memory.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDb } from '#server/db/connection.ts';
import { dbConfigFromEnv } from '#server/db/config.ts';
import { seededBenchDb } from './bench-db.mjs';
import { treeRss } from './tree-rss.mjs';

/** A command's time and its process tree's peak RSS, its output kept; throws when it fails. */
async function timed(args, env) {
  const started = Date.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(child.pid))), 200);
  const code = await new Promise((r) => child.on('exit', r));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`${args.join(' ')} failed (exit ${code}):\n${out.slice(-3000)}`);
  return { seconds: (Date.now() - started) / 1000, peakRss: peak, out };
}

/** The demo of `products` as JSON Lines, exported once per size. */
function demoLines(products) {
  const file = path.resolve(`.cache/bench-scale-demo-${products}.jsonl`);
  if (!fs.existsSync(file)) {
    console.log(`exporting the demo catalogue (${products} products) to ${file} …`);
    const part = file.replace(/\.jsonl$/, '.part.jsonl');
    const r = spawnSync(process.execPath, ['scripts/db.mjs', 'export-demo', '--products', String(products), part], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('export-demo failed');
    fs.renameSync(part, file);
  }
  return file;
}

/**
 * PostgreSQL: the schema the URL works in (`?options=-c search_path=<name>`, else public) dropped and made again, as a
 * fresh database.
 */
async function emptyPostgres(url) {
  const schema =
    /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(decodeURIComponent(new URL(url).searchParams.get('options') ?? ''))?.[1] ?? 'public';
  const { db } = openDb(dbConfigFromEnv({ DATABASE_URL: url }));
  try {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE; CREATE SCHEMA ${sql.id(schema)}`.execute(db);
  } finally {
    await db.destroy();
  }
}

/**
 * The database for a run in `dir`: `{ url, engine, import? }`; `import` holds the whole `npm run import` time (import and
 * the stored search indexes), each step's own time as it printed them, and the peak RSS.
 */
export async function benchDatabase({ products, dir, importIt, baseEnv }) {
  const postgres = process.env.DATABASE_URL?.startsWith('postgres');
  if (!postgres && !importIt) {
    const file = path.join(dir, 'catalogue.db');
    fs.copyFileSync(await seededBenchDb(products), file);
    const url = `sqlite:${file}`;
    if (
      spawnSync(process.execPath, ['scripts/db.mjs', 'migrate'], { env: { ...baseEnv, DATABASE_URL: url }, stdio: 'ignore' }).status !== 0
    )
      throw new Error('migrate failed');
    return { url, engine: 'SQLite (copy of the seeded demo)' };
  }
  const lines = demoLines(products);
  const url = postgres ? process.env.DATABASE_URL : `sqlite:${path.join(dir, 'catalogue.db')}`;
  if (postgres) await emptyPostgres(url);
  console.log(`importing ${path.basename(lines)} into ${postgres ? 'PostgreSQL (emptied)' : 'an empty SQLite file'} …`);
  const run = await timed(['scripts/db.mjs', 'import', lines], { ...baseEnv, DATABASE_URL: url });
  const step = (re) => Number(re.exec(run.out)?.[1] ?? NaN);
  return {
    url,
    engine: postgres ? 'PostgreSQL (imported)' : 'SQLite (imported)',
    import: {
      seconds: run.seconds,
      importSeconds: step(/ in ([\d.]+) s\b/),
      searchIndexSeconds: step(/stored the search indexes of all storefronts \(([\d.]+) s\)/),
      peakRss: run.peakRss,
    },
  };
}
