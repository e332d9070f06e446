// `npm run bench:recommendations`: GET /api/recommendations (internal provider) on the 50k-product demo catalogue
// (BENCH_DB, default /tmp/partsfront-bench-50k.db, seeded when missing; BENCH_PRODUCTS for another size), against an
// existing build (bench/find-build.mjs). Prints the first answer (it counts the orders for "bought together"), then
// p50/p99 at an evenly paced BENCH_RATE (default 200 req/s) over random products — mostly first asks for their
// appliance group, the uncached case — and again over 200 products asked repeatedly (their groups cached).
// Budget: p99 ≤ 50 ms at 200 req/s, as every API (docs/adr/0004-public-api-and-search.md). Not part of npm test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pacedLoad } from './paced-load.mjs';
import { findBuildDir } from './find-build.mjs';
import { seededBenchDb } from './bench-db.mjs';
import { warmSearch } from './warm-search.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const DB_FILE = path.resolve(process.env.BENCH_DB ?? `/tmp/partsfront-bench-${PRODUCTS / 1000}k.db`);
const PORT = Number(process.env.BENCH_PORT ?? 4698);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RATE = Number(process.env.BENCH_RATE ?? 200);

await seededBenchDb(PRODUCTS, DB_FILE);
const { DatabaseSync } = await import('node:sqlite');
const sqlite = new DatabaseSync(DB_FILE, { readOnly: true });
const skus = sqlite
  .prepare("SELECT sku FROM products WHERE orderable = 1 AND variations = '[]' ORDER BY id")
  .all()
  .map((r) => r.sku);
sqlite.close();
// a fixed shuffle: every run asks the same products in the same order
let seed = 20261124;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
for (let i = skus.length - 1; i > 0; i--) {
  const j = Math.floor(rand() * (i + 1));
  [skus[i], skus[j]] = [skus[j], skus[i]];
}

const pin = fs.existsSync('/usr/bin/taskset') ? ['taskset', ['-c', '0,1', process.execPath]] : [process.execPath, []];
const server = spawn(pin[0], [...pin[1], 'src/host/index.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: `sqlite:${DB_FILE}`,
    ASTRO_TELEMETRY_DISABLED: '1',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PARTSFRONT_BUILD_DIR: findBuildDir(),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stop);
const host = `sv.localhost:${PORT}`;
function get(pathname) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, path: pathname, headers: { host } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
    });
    req.on('error', reject);
    req.end();
  });
}
for (let i = 0; ; i++) {
  try {
    if ((await get('/healthz')).status === 200) break;
  } catch {
    /* not up yet */
  }
  if (i > 300) {
    console.error(`server did not start; is port ${PORT} free? (BENCH_PORT)`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}

// The server builds its search indexes in the background after a start: wait for them, they are not this bench's.
await warmSearch(PORT);
await new Promise((r) => setTimeout(r, 2000));

const url = (sku) => `/api/recommendations?locale=sv&sid=1&sku=${encodeURIComponent(sku)}&provider=internal`;
const t0 = performance.now();
const first = await get(url(skus[0]));
if (first.status !== 200) {
  console.error('first answer failed', first.status, first.body);
  process.exit(1);
}
console.log(`${PRODUCTS} products; first answer (counts the orders): ${(performance.now() - t0).toFixed(0)} ms`);
async function paced(title, next) {
  const r = await pacedLoad({ port: PORT, host, rate: RATE, seconds: SECONDS, next });
  const ms = (v) => v.toFixed(1).padStart(5);
  console.log(
    `${title.padEnd(56)} ${r.rps.toFixed(0).padStart(5)} req/s   p50 ${ms(r.p50)} ms   p99 ${ms(r.p99)} ms   max ${Math.round(r.max)} ms${r.failed ? `   non-2xx/errors ${r.failed}` : ''}   ${r.p99 <= 50 ? 'within' : 'OVER'} the 50 ms p99 budget`,
  );
}
// warm-up, not measured: the database file's pages come into the OS cache, the server's code paths get compiled
let w = skus.length - 1;
await pacedLoad({ port: PORT, host, rate: RATE, seconds: 3, next: () => ({ method: 'GET', path: url(skus[w--]) }) });
let a = 1;
await paced(`random products (appliance groups mostly uncached) @ ${RATE}/s`, () => ({
  method: 'GET',
  path: url(skus[a++ % skus.length]),
}));
let b = 0;
await paced(`200 products asked again and again (cached) @ ${RATE}/s`, () => ({ method: 'GET', path: url(skus[1 + (b++ % 200)]) }));
stop();
process.exit(0);
