// `npm run bench:scale [-- --products 50000 --prerender 2000]`: a catalogue at scale, deployed and changed
// (docs/adr/0017-incremental-pages.md). On a copy of the seeded demo catalogue (bench-db.mjs) it
// 1. builds every storefront with PARTSFRONT_PRERENDER_PRODUCTS=<prerender> (omit for every product page) and prints
//    the time to first deploy, pages written, disk and the build's peak memory;
// 2. serves that build and times: a prerendered product page, the first and second request of product pages the
//    build left out, one price change until the public page shows it (BENCH_CHANGES times), one content-page
//    publish until the page shows it; and the server's memory after.
// Budgets (README.md, Measured): a one-product change live in ≤ 10 s, a content publish in ≤ 10 s, first deploy of
// 200k products ≤ 15 min. Needs a quiet machine: other work on the 2 cores shows up in every figure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { seededBenchDb } from './bench-db.mjs';
import { treeRss } from './tree-rss.mjs';
import { warmSearch } from './warm-search.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const products = Number(arg('products', 50000));
const prerender = arg('prerender', undefined);
const port = Number(process.env.BENCH_PORT ?? 4470);
const changes = Number(process.env.BENCH_CHANGES ?? 3);
const TOKEN = 'bench-operator-token';

const source = await seededBenchDb(products);
fs.mkdirSync('.cache', { recursive: true });
const tmp = fs.mkdtempSync(path.resolve('.cache/bench-scale-'));
const dbFile = path.join(tmp, 'catalogue.db');
fs.copyFileSync(source, dbFile);
const env = { ...process.env, DATABASE_URL: `sqlite:${dbFile}`, PORT: String(port), ASTRO_TELEMETRY_DISABLED: '1' };
if (spawnSync(process.execPath, ['scripts/db.mjs', 'migrate'], { env, stdio: 'ignore' }).status !== 0) throw new Error('migrate failed');

// 1. first deploy
const outDir = path.join(tmp, 'build');
let t = Date.now();
let peak = 0;
let log = '';
const build = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
  env: {
    ...env,
    NODE_ENV: 'production',
    PARTSFRONT_OUT_DIR: outDir,
    ...(prerender !== undefined ? { PARTSFRONT_PRERENDER_PRODUCTS: prerender } : {}),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
build.stdout.on('data', (d) => (log += d));
build.stderr.on('data', (d) => (log += d));
const sampler = setInterval(() => (peak = Math.max(peak, treeRss(build.pid))), 200);
const code = await new Promise((r) => build.on('exit', r));
clearInterval(sampler);
const deploySeconds = (Date.now() - t) / 1000;
if (code !== 0) {
  console.error(log.slice(-3000));
  process.exit(1);
}
let pages = 0;
let productPages = 0;
const count = (dir) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) count(path.join(dir, e.name));
    else if (e.name === 'index.html') {
      pages++;
      if (dir.includes(`${path.sep}product${path.sep}`)) productPages++;
    }
  }
};
count(path.join(outDir, 'client'));
const diskMiB = Number(spawnSync('du', ['-sm', outDir]).stdout.toString().split(/\s/)[0]);

// 2. serve and change (once the search indexes are ready, and BENCH_SETTLE_MS more, default 5 s)
const get = (locale, p, method = 'GET', body, headers = {}) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      { host: '127.0.0.1', port, path: p, method, headers: { host: `${locale}.localhost:${port}`, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, text, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.end(JSON.stringify(body));
    else req.end();
  });
const server = spawn(process.execPath, ['--max-semi-space-size=16', 'src/host/index.ts'], {
  env: { ...env, HOST: '127.0.0.1', PARTSFRONT_BUILD_DIR: outDir, PARTSFRONT_OPERATOR_TOKEN: TOKEN },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverLog = '';
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));
for (const deadline = Date.now() + 60_000; ;) {
  const ok = await get('sv', '/healthz').then(
    (r) => r.status === 200,
    () => false,
  );
  if (ok) break;
  if (Date.now() > deadline) throw new Error(`server did not start:\n${serverLog}`);
  await new Promise((r) => setTimeout(r, 200));
}

// the start's own work (search indexes built or loaded) settles before anything is timed
await warmSearch(port);
await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_MS ?? 5000)));

const { DatabaseSync } = await import('node:sqlite');
const sql = new DatabaseSync(dbFile, { readOnly: true });
const rows = sql
  .prepare(
    `SELECT p.id, p.sku, t.slug, pr.prices FROM products p
     JOIN product_translations t ON t.product_id = p.id AND t.locale = 'sv'
     JOIN product_prices pr ON pr.product_id = p.id AND pr.locale = 'sv' ORDER BY p.id`,
  )
  .all();
sql.close();
const fileOf = (slug) => path.join(outDir, 'client', 'sv', 'product', slug, 'index.html');
const built = rows.filter((r) => fs.existsSync(fileOf(r.slug)));
const left = rows.filter((r) => !fs.existsSync(fileOf(r.slug)));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10;
};

const staticMs = [];
for (const r of built.slice(0, 50)) staticMs.push((await get('sv', `/produkt/${r.slug}`)).ms);
const firstMs = [];
const againMs = [];
for (const r of left.filter((_, i) => i % Math.max(1, Math.floor(left.length / 40)) === 0).slice(0, 40)) {
  const first = await get('sv', `/produkt/${r.slug}`);
  if (first.status !== 200) throw new Error(`first request of ${r.slug}: ${first.status}`);
  firstMs.push(first.ms);
  againMs.push((await get('sv', `/produkt/${r.slug}`)).ms);
}

const changeSeconds = [];
for (const r of built.slice(100, 100 + changes)) {
  const prices = JSON.parse(r.prices);
  const price = prices.n[0].p + 13;
  const started = performance.now();
  const answer = await get(
    'sv',
    `/api/operator/products/${r.sku}?locale=sv&sid=1`,
    'PATCH',
    { prices: { n: [{ q: 1, p: price }] }, changed_by: 'bench' },
    {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
    },
  );
  if (answer.status !== 200) throw new Error(`price change answered ${answer.status}: ${answer.text}`);
  for (;;) {
    const page = await get('sv', `/produkt/${r.slug}`);
    if (page.text.includes(`data-amount="${price}"`)) break;
    if (performance.now() - started > 120_000) throw new Error(`the change of ${r.sku} did not show in 120 s`);
    await new Promise((res) => setTimeout(res, 50));
  }
  changeSeconds.push((performance.now() - started) / 1000);
}

const op = (method, route, body) =>
  get('sv', `${route}?locale=sv&sid=1`, method, body, { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' });
const draft = await op('PUT', '/api/content/drafts', {
  kind: 'page',
  key: 'om-oss',
  title: 'Om oss (bench)',
  bodyHtml: '<p>bench</p>',
  editor: 'bench',
});
const publishStarted = performance.now();
await op('POST', '/api/content/publish', { draftId: JSON.parse(draft.text).draft.id, editor: 'bench' });
for (;;) {
  const page = await get('sv', '/om-oss');
  if (page.text.includes('Om oss (bench)')) break;
  if (performance.now() - publishStarted > 120_000) throw new Error('the publish did not show in 120 s');
  await new Promise((res) => setTimeout(res, 50));
}
const publishSeconds = (performance.now() - publishStarted) / 1000;
const reRendered = [...serverLog.matchAll(/change \d+: (\d+) page\(s\) re-rendered/g)].map((m) => Number(m[1]));
const serverRssMiB = Math.round(treeRss(server.pid) / 2 ** 20);
server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));

console.log(
  JSON.stringify(
    {
      products,
      prerenderProductsPerStorefront: prerender ?? 'all',
      firstDeploySeconds: Math.round(deploySeconds),
      pagesWritten: pages,
      productPagesWritten: productPages,
      diskMiB,
      buildPeakRssMiB: Math.round(peak / 2 ** 20),
      prerenderedProductPageMs: { p50: pct(staticMs, 50), p95: pct(staticMs, 95) },
      leftOutProductPageFirstRequestMs: { p50: pct(firstMs, 50), p95: pct(firstMs, 95) },
      leftOutProductPageAfterwardsMs: { p50: pct(againMs, 50), p95: pct(againMs, 95) },
      priceChangeLiveSeconds: changeSeconds.map((s) => Math.round(s * 100) / 100),
      pagesReRenderedPerChange: reRendered,
      contentPublishLiveSeconds: Math.round(publishSeconds * 100) / 100,
      serverRssMiB,
      cores: os.availableParallelism(),
    },
    null,
    2,
  ),
);
if (process.argv.includes('--keep')) console.log(`kept in ${tmp}`);
else fs.rmSync(tmp, { recursive: true, force: true });
