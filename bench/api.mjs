// `npm run bench:api`: autocannon against GET /api/products and POST /api/sync-cart on the 50k-product
// demo catalogue. Seeds its own SQLite database (BENCH_DB, default /tmp/partsfront-bench-50k.db; reused
// when it already holds the catalogue), uses an existing build (PARTSFRONT_BUILD_DIR, .cache/test/build
// or dist/; the API routes do not depend on the prerendered pages), starts the server and prints req/s
// and p50/p99 latency. Budget (docs/adr/0004-public-api-and-search.md): p99 ≤ 50 ms at 200 req/s on 2 cores. Not part of npm test.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { pacedLoad } from './paced-load.mjs';
import { findBuildDir } from './find-build.mjs';
import { seededBenchDb } from './bench-db.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const DB_FILE = path.resolve(process.env.BENCH_DB ?? `/tmp/partsfront-bench-${PRODUCTS / 1000}k.db`);
const PORT = Number(process.env.BENCH_PORT ?? 4699);
const DURATION = Number(process.env.BENCH_SECONDS ?? 15);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const env = { ...process.env, DATABASE_URL: `sqlite:${DB_FILE}`, ASTRO_TELEMETRY_DISABLED: '1' };

await seededBenchDb(PRODUCTS, DB_FILE);

const buildDir = findBuildDir();

// Pin the server to the machine's first two cores when taskset exists (the budget is "on 2 cores").
const pin = fs.existsSync('/usr/bin/taskset') ? ['taskset', ['-c', '0,1', process.execPath]] : [process.execPath, []];
const server = spawn(pin[0], [...pin[1], 'src/host/index.ts'], {
  env: { ...env, PORT: String(PORT), HOST: '127.0.0.1', PARTSFRONT_BUILD_DIR: buildDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stop);

const base = `http://127.0.0.1:${PORT}`;
const headers = { host: `sv.localhost:${PORT}`, 'content-type': 'application/json' };
// fetch() cannot set Host (*.localhost does not resolve in Node): plain http with the storefront's Host header.
function call(method, pathname, body) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, path: pathname, method, headers }, (res) => {
      let text = '';
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const get = (pathname) => call('GET', pathname);
server.on('exit', (code) => {
  if (code) {
    console.error(`server exited (${code}); is port ${PORT} free? (BENCH_PORT)`);
    process.exit(1);
  }
});
for (let i = 0; ; i++) {
  try {
    if ((await get('/healthz')).status === 200) break;
  } catch {
    /* not up yet */
  }
  if (i > 300) {
    console.error('server did not start');
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}

const QUERIES = [
  'filter',
  'fil',
  'pump',
  'bosch',
  'bosch filt',
  'elec',
  'dörr',
  'lampa ugn',
  'kniv',
  'ele-0001',
  'motor',
  'packning',
  'sl',
  'hö',
];
const q = (s) => `/api/products?locale=sv&sid=1&query=${encodeURIComponent(s)}&nc=true&co=true&limit=24`;
const t0 = performance.now();
const warm = await get(q('filter'));
console.log(`search index warm-up (first query, builds the index): ${(performance.now() - t0).toFixed(0)} ms, status ${warm.status}`);
// The other storefronts' indexes build in the background after the first search: let them finish first.
for (const [code, sid] of [
  ['no', 3],
  ['da', 5],
  ['fi', 4],
  ['nl', 6],
])
  await get(`/api/products?locale=${code}&sid=${sid}&query=filter`);
console.log(`all five indexes ready after ${(performance.now() - t0).toFixed(0)} ms`);

// A realistic cart: 6 lines of real skus, one over the stock cap, one unknown, two coupons.
const skus = JSON.parse((await get(q('filter'))).body)
  .products.map((p) => p.sku)
  .slice(0, 5);
const cart = JSON.stringify({
  items: [...skus.map((sku, i) => ({ sku, quantity: 1 + i * 3, price: 1 })), { sku: 'NO-SUCH-SKU', quantity: 1 }],
  coupons: ['SAVE10', 'FIXED5'],
});
const check = await call('POST', '/api/sync-cart?locale=sv&sid=1', cart);
if (check.status !== 200) {
  console.error('sync-cart check failed', check.status, check.body);
  process.exit(1);
}

function run(title, opts) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections: 20, duration: DURATION, headers, ...opts }, (err, res) => {
      if (err) return reject(err);
      const non2xx = res.non2xx + res.errors + res.timeouts;
      console.log(
        `${title.padEnd(44)} ${res.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(res.latency.p50).padStart(4)} ms   p99 ${String(res.latency.p99).padStart(4)} ms   max ${res.latency.max} ms${non2xx ? `   non-2xx/errors ${non2xx}` : ''}`,
      );
      resolve(res);
    });
  });
}

let k = 0;
const products = { requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: q(QUERIES[k++ % QUERIES.length]) }) }] };
const syncCart = { requests: [{ method: 'POST', path: '/api/sync-cart?locale=sv&sid=1', body: cart }] };

await run('(warm-up, not measured)', { ...products, duration: 3 });
console.log(`\n${PRODUCTS} products, ${DURATION} s per run, server pinned to 2 cores, load generator on the same machine`);
if (process.env.BENCH_ONLY === 'strings') {
  await run('GET /api/strings (max throughput)', { requests: [{ method: 'GET', path: '/api/strings?locale=sv&sid=1' }] });
  stop();
  process.exit(0);
}
// Fixed-rate runs: evenly paced (bench/paced-load.mjs); max-throughput runs: autocannon, 20 connections.
async function paced(title, next) {
  const r = await pacedLoad({ port: PORT, host: headers.host, rate: RATE, seconds: DURATION, next });
  const ms = (v) => v.toFixed(1).padStart(5);
  console.log(
    `${title.padEnd(50)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${ms(r.p50)} ms   p99 ${ms(r.p99)} ms   max ${Math.round(r.max)} ms${r.failed ? `   non-2xx/errors ${r.failed}` : ''}   ${r.p99 <= 50 ? 'within' : 'OVER'} the 50 ms p99 budget`,
  );
}
let pk = 0;
let pu = 0;
await paced(`GET /api/products @ ${RATE} req/s (paced)`, () => ({ method: 'GET', path: q(QUERIES[pk++ % QUERIES.length]) }));
await paced(`GET /api/products uncached @ ${RATE} req/s (paced)`, () => ({
  method: 'GET',
  path: `${q(QUERIES[pu % QUERIES.length])}&offset=${(Math.floor(pu++ / QUERIES.length) * 7) % 2000}`,
}));
await paced(`POST /api/sync-cart @ ${RATE} req/s (paced)`, () => ({
  method: 'POST',
  path: '/api/sync-cart?locale=sv&sid=1',
  body: cart,
  headers: { 'content-type': 'application/json' },
}));
await run('GET /api/products (max throughput)', products);
await run('POST /api/sync-cart (max throughput)', syncCart);
stop();
process.exit(0);
