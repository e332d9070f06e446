// `npm run bench:build [-- --products 2000]`: seeds N demo products into its own temporary SQLite
// database, builds every storefront into a temporary directory and prints pages, seconds, pages/s
// (whole build, and the prerender phase alone) and the build process's peak RSS. Budget (README.md, Measured):
// ≥ 150 pages/s on 2 cores; 10k products × 5 locales under 2 GiB.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '#server/db/connection.ts';
import { migrate } from '#server/db/migrate.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { writeCatalogue } from '#server/catalogue/write-catalogue.ts';
import { treeRss } from './tree-rss.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const products = Number(arg('products', 2000));
const keep = process.argv.includes('--keep');
// Inside the project: the build's server chunks resolve their packages from node_modules upwards.
fs.mkdirSync('.cache', { recursive: true });
const tmp = fs.mkdtempSync(path.resolve('.cache/bench-build-'));
const dbFile = path.join(tmp, 'catalogue.db');
const outDir = path.join(tmp, 'build');

let t = Date.now();
const { db } = openDb({ kind: 'sqlite', file: dbFile });
await migrate(db);
await writeCatalogue(db, generateDemoCatalogue({ products, now: new Date() }));
await db.destroy();
console.log(`seeded ${products} products in ${((Date.now() - t) / 1000).toFixed(1)} s`);

t = Date.now();
let log = '';
let peak = 0;
const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
  env: { ...process.env, DATABASE_URL: `sqlite:${dbFile}`, PARTSFRONT_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (d) => {
  log += d;
});
child.stderr.on('data', (d) => {
  log += d;
});
const sampler = setInterval(() => {
  peak = Math.max(peak, treeRss(child.pid));
}, 100);
const code = await new Promise((r) => child.on('exit', r));
clearInterval(sampler);
const seconds = (Date.now() - t) / 1000;
if (code !== 0) {
  console.error(log.slice(-3000));
  process.exit(1);
}

let pages = 0;
const count = (dir) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) count(path.join(dir, e.name));
    else if (e.name === 'index.html') pages++;
  }
};
count(path.join(outDir, 'client'));
const m = /prerendering static routes[\s\S]*?Completed in ([\d.]+)(ms|s|m)\b/.exec(log);
const prerender = m ? Number(m[1]) * { ms: 0.001, s: 1, m: 60 }[m[2]] : NaN;
const precompress = Number(/precompressed \d+ files \(br \+ gzip\) in (\d+) ms/.exec(log)?.[1] ?? NaN) / 1000;

console.log(
  JSON.stringify(
    {
      products,
      pages,
      seconds,
      pagesPerSecond: Math.round(pages / seconds),
      prerenderSeconds: prerender,
      prerenderPagesPerSecond: Math.round(pages / prerender),
      precompressSeconds: precompress,
      peakRssMiB: Math.round(peak / 2 ** 20),
      cores: os.availableParallelism(),
    },
    null,
    2,
  ),
);
if (keep) console.log(`build kept in ${outDir}`);
else fs.rmSync(tmp, { recursive: true, force: true });
