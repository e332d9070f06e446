// `npm run bench:quick-order [-- --db /tmp/partsfront-bench-200k.db --lines 500]`: quick order end to end
// (docs/product/quick-order.md; issue 28's "500 lines in under 5 s end to end") on a COPY of a seeded SQLite
// catalogue with an existing build (bench/find-build.mjs): the demo customer logs in, POSTs 500 rows of skus to
// /api/quick-order (what the page's form does), then the found lines go to the cart in one POST /api/sync-cart
// (what "add to cart" does); prints each step's time and the total, BENCH_RUNS times (default 5), after one warm-up
// call (the server's first search loads the index). Figures only.
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { LOCALES } from '#lib/market/locales.ts';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { findBuildDir } from './find-build.mjs';
import { get, pct, startServer, stopServer } from './scale-probes.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const source = path.resolve(arg('db', '/tmp/partsfront-bench-200k.db'));
const lines = Number(arg('lines', 500));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 4731);

fs.mkdirSync('.cache', { recursive: true });
const dir = fs.mkdtempSync(path.resolve('.cache/bench-quick-order-'));
const file = path.join(dir, 'catalogue.db');
fs.copyFileSync(source, file);
const db = new DatabaseSync(file, { readOnly: true });
const skus = db
  .prepare(
    `SELECT p.sku FROM products p JOIN product_translations t ON t.product_id = p.id AND t.locale = 'sv'
     WHERE p.orderable = 1 AND p.stock_status = 'in-stock' ORDER BY p.id LIMIT ?`,
  )
  .all(lines)
  .map((r) => r.sku);
db.close();

const env = { ...process.env, DATABASE_URL: `sqlite:${file}`, PORT: String(port), PARTSFRONT_SEARCH_INDEX_DIR: path.join(dir, 'idx') };
const server = await startServer({ port, env, buildDir: findBuildDir(), token: 'bench' });
const q = `?locale=sv&sid=${LOCALES.sv.storeID}`;
const json = { 'content-type': 'application/json' };
const login = await get(port, 'sv', `/api/auth/login${q}`, {
  method: 'POST',
  body: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
  headers: json,
});
if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text.slice(0, 200)}`);
const cookie = (Array.isArray(login.headers['set-cookie']) ? login.headers['set-cookie'] : []).map((c) => c.split(';')[0]).join('; ');
const text = skus.map((s, i) => `${s};${(i % 5) + 1}`).join('\n');
// the first call after a start loads (or, on a fresh copy, builds) the storefront's search index: timed apart
const warm = await get(port, 'sv', `/api/quick-order${q}`, { method: 'POST', body: { text: skus[0] }, headers: { ...json, cookie } });
console.log(`first call after the start (search index loaded or built): ${Math.round(warm.ms)} ms`);
const resolveMs = [];
const cartMs = [];
const totalMs = [];
for (let run = 0; run < runs; run++) {
  const a = await get(port, 'sv', `/api/quick-order${q}`, { method: 'POST', body: { text }, headers: { ...json, cookie } });
  if (a.status !== 200) throw new Error(`quick order: ${a.status} ${a.text.slice(0, 300)}`);
  const resolved = JSON.parse(a.text).resolved;
  const items = resolved.map((l, i) => ({ uuid: `q-${run}-${i}`, sku: l.product.sku, quantity: l.quantity }));
  const b = await get(port, 'sv', `/api/sync-cart${q}`, { method: 'POST', body: { items }, headers: json });
  if (b.status !== 200) throw new Error(`sync-cart: ${b.status} ${b.text.slice(0, 300)}`);
  if (JSON.parse(b.text).length !== resolved.length) throw new Error('the cart did not take every line');
  resolveMs.push(a.ms);
  cartMs.push(b.ms);
  totalMs.push(a.ms + b.ms);
  console.log(`run ${run + 1}: ${resolved.length} lines resolved in ${Math.round(a.ms)} ms, cart ${Math.round(b.ms)} ms`);
}
await stopServer(server);
fs.rmSync(dir, { recursive: true, force: true });
const f = (xs) => `p50 ${Math.round(pct(xs, 50))} ms, max ${Math.round(Math.max(...xs))} ms`;
console.log(`\n${lines} lines on ${path.basename(source)}: resolve ${f(resolveMs)}; to the cart ${f(cartMs)}; end to end ${f(totalMs)}`);
process.exit(0);
