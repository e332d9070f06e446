// `npm run bench:load`: mixed shop traffic at a steady rate (BENCH_RATE req/s, default 100, for BENCH_SECONDS,
// default 30) against the built server: static pages of all five storefronts (home, category, product, content
// — real URLs from each storefront's sitemap.xml, each with its own Host), the product search API, the search
// results page, POST /api/sync-cart and /api/sync-coupons with carts of real SKUs, every call with its
// storefront's locale/sid and Host. Prints p50/p99 per kind and overall, the error count (an answer other than
// 2xx/3xx, or a network error) and the server's RSS (VmRSS) before and after. Budget (README.md, Measured):
// p99 ≤ 100 ms overall at 100 req/s, 0 errors, RSS growth ≤ 150 MiB. Figures only, no assertions. Runs on a
// seeded SQLite catalogue (bench/bench-db.mjs; BENCH_PRODUCTS, BENCH_DB), an existing build (bench/find-build.mjs)
// and the node flags of `npm run serve`. BENCH_TARGET=<port> sends the load to a server already running on
// 127.0.0.1:<port> instead (e.g. the nginx of scripts/local-topology.mjs, serving the same build); RSS is then
// the sum over BENCH_PIDS (comma-separated) when given.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';
import { matchPublicPath, pathFor } from '#lib/routing/routes.ts';
import { startServer } from '#tests/support/server.ts';
import { seededBenchDb } from './bench-db.mjs';
import { findBuildDir } from './find-build.mjs';
import { pacedLoad } from './paced-load.mjs';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 300);
const TARGET = process.env.BENCH_TARGET ? Number(process.env.BENCH_TARGET) : undefined;
const PORT = TARGET ?? Number(process.env.BENCH_PORT ?? 4553);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const dbUrl = TARGET ? '' : `sqlite:${await seededBenchDb(PRODUCTS, process.env.BENCH_DB)}`;
const buildDir = findBuildDir();

const hostOf = (code) => `${code}.localhost:${PORT}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
function get(code, p) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORT, path: p, agent, headers: { host: hostOf(code) } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Server memory from the kernel: VmRSS of /proc/<pid>/status, in MiB (summed over BENCH_PIDS against a target; NaN without). */
function rssMiB(pid) {
  if (TARGET) return (process.env.BENCH_PIDS ?? 'NaN').split(',').reduce((sum, p) => sum + rssOf(Number(p)), 0);
  return rssOf(pid);
}
function rssOf(pid) {
  if (!pid) return NaN;
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** The storefront's public pages from the build's sitemaps (pages + product chunks), by the route each one is (first <loc> of each <url>). */
function pagesFromSitemap(code) {
  const dir = path.join(buildDir, 'client', code);
  const files = fs.readdirSync(dir).filter((f) => /^sitemap-(pages|products-\d+)\.xml$/.test(f));
  const xml = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
  const pages = { home: [], category: [], product: [], content: [] };
  for (const [, loc] of xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)) {
    const pathname = new URL(loc).pathname;
    const route = matchPublicPath(code, pathname)?.name;
    const kind =
      route === 'index'
        ? 'home'
        : route === 'product'
          ? 'product'
          : route === 'product-category-all'
            ? 'category'
            : route === 'content'
              ? 'content'
              : undefined;
    if (kind) pages[kind].push(pathname);
  }
  for (const [kind, list] of Object.entries(pages)) if (!list.length) throw new Error(`${code}: no ${kind} page in its sitemaps`);
  return pages;
}

const QUERIES = {
  sv: ['filter', 'pump', 'dörr', 'lampa ugn', 'bosch', 'kniv', 'packning', 'motor'],
  no: ['filter', 'pumpe', 'lampe', 'bosch', 'kniv', 'pakning', 'motor', 'dør'],
  da: ['filter', 'pumpe', 'pære', 'bosch', 'kniv', 'pakning', 'motor', 'dør'],
  fi: ['suodatin', 'pumppu', 'lamppu', 'bosch', 'veitsi', 'tiiviste', 'moottori', 'ovi'],
  nl: ['filter', 'pomp', 'lamp', 'bosch', 'mes', 'deurrubber', 'motor', 'deur'],
};
const COUPONS = ['SAVE10', 'FIXED5', 'GIFT3', 'BIGSPENDER', 'NO-SUCH-CODE'];

// the node flags `npm run serve` gives the server (package.json), so memory and latency are production's
const serveFlags = JSON.parse(fs.readFileSync('package.json', 'utf8'))
  .scripts.serve.split(/\s+/)
  .filter((t) => t.startsWith('--'));
const nodeOptions = [process.env.NODE_OPTIONS, ...serveFlags].filter(Boolean).join(' ');
const server = TARGET
  ? { pid: 0, stop: async () => {} }
  : await startServer({ port: PORT, databaseUrl: dbUrl, buildDir, env: { NODE_OPTIONS: nodeOptions } });
try {
  // Per storefront: its pages, and real SKUs found by its own search (what a shopper would put in the cart).
  const shops = {};
  for (const code of LOCALE_CODES) {
    const store = `locale=${code}&sid=${LOCALES[code].storeID}`;
    const skus = new Set();
    for (const q of QUERIES[code]) {
      const r = await get(code, `/api/products?${store}&query=${encodeURIComponent(q)}&limit=24`);
      if (r.status !== 200) throw new Error(`${code} search ${q}: ${r.status} ${r.body.slice(0, 200)}`);
      for (const p of JSON.parse(r.body).products) skus.add(p.sku);
    }
    if (skus.size < 6) throw new Error(`${code}: only ${skus.size} SKUs found by search`);
    shops[code] = { store, pages: pagesFromSitemap(code), skus: [...skus], search: pathFor('searchresults', code) };
  }

  let n = 0;
  const pick = (list) => list[n % list.length];
  /** 1–8 real lines (quantities 1–3) of the storefront's SKUs. */
  function lines(code) {
    const { skus } = shops[code];
    return Array.from({ length: 1 + (n % 8) }, (_, i) => ({ sku: skus[(n * 7 + i * 13) % skus.length], quantity: 1 + ((n + i) % 3) }));
  }
  // what the mini cart sends: sync-cart { items, coupons } (a coupon in every fourth cart), sync-coupons { coupons, cart_contents }
  const syncCart = (code) => JSON.stringify({ items: lines(code), coupons: n % 4 === 0 ? [pick(COUPONS)] : [] });
  const syncCoupons = (code) => JSON.stringify({ coupons: [pick(COUPONS), pick(COUPONS.slice(1))], cart_contents: lines(code) });
  const json = { 'content-type': 'application/json' };
  /** The mix, by share of requests: what one request of each kind looks like for storefront `code`. */
  const MIX = [
    [10, 'page: home', (code) => ({ path: pick(shops[code].pages.home) })],
    [15, 'page: category', (code) => ({ path: pick(shops[code].pages.category) })],
    [20, 'page: product', (code) => ({ path: pick(shops[code].pages.product) })],
    [5, 'page: content', (code) => ({ path: pick(shops[code].pages.content) })],
    [
      15,
      'API: search',
      (code) => ({ path: `/api/products?${shops[code].store}&query=${encodeURIComponent(pick(QUERIES[code]))}&limit=24` }),
    ],
    [10, 'page: search results', (code) => ({ path: `${shops[code].search}?q=${encodeURIComponent(pick(QUERIES[code]))}` })],
    [
      15,
      'API: sync-cart',
      (code) => ({ method: 'POST', path: `/api/sync-cart?${shops[code].store}`, body: syncCart(code), headers: json }),
    ],
    [
      10,
      'API: sync-coupons',
      (code) => ({ method: 'POST', path: `/api/sync-coupons?${shops[code].store}`, body: syncCoupons(code), headers: json }),
    ],
  ];
  const wheel = MIX.flatMap(([share, kind, make]) => Array.from({ length: share }, () => [kind, make]));
  // spread each kind over the run rather than in blocks: a fixed stride through the wheel (coprime with 100)
  function next() {
    n++;
    const [kind, make] = wheel[(n * 37) % wheel.length];
    const code = LOCALE_CODES[n % LOCALE_CODES.length];
    return { method: 'GET', ...make(code), host: hostOf(code), kind };
  }
  const ok = (status) => status >= 200 && status < 400;

  // warm-up (not measured): every kind on every storefront, so the first-use costs (indexes, caches) are paid
  await pacedLoad({ port: PORT, host: hostOf('sv'), rate: 50, seconds: 4, next, ok });
  const rssBefore = rssMiB(server.pid);
  const r = await pacedLoad({ port: PORT, host: hostOf('sv'), rate: RATE, seconds: SECONDS, next, ok });
  const rssAfter = rssMiB(server.pid);
  await new Promise((res) => setTimeout(res, 5000));
  const rssSettled = rssMiB(server.pid);

  const ms = (v) => v.toFixed(1).padStart(7);
  console.log(
    `\nmixed load: ${RATE} req/s for ${SECONDS} s over all five storefronts (${TARGET ? `the server on port ${TARGET}, pages of ` : ''}${buildDir}; node ${nodeOptions || 'without flags'}), load generator on the same machine`,
  );
  for (const [kind, k] of Object.entries(r.kinds).sort()) {
    console.log(
      `  ${kind.padEnd(22)} n ${String(k.n).padStart(5)}   p50 ${ms(k.p50)} ms   p99 ${ms(k.p99)} ms   max ${ms(k.max)} ms   errors ${k.failed}`,
    );
  }
  console.log(
    `  ${'overall'.padEnd(22)} n ${String(r.n).padStart(5)}   p50 ${ms(r.p50)} ms   p99 ${ms(r.p99)} ms   max ${ms(r.max)} ms   errors ${r.failed}   (${r.rps.toFixed(0)} req/s achieved)`,
  );
  console.log(
    `  server RSS: ${rssBefore.toFixed(0)} MiB before, ${rssAfter.toFixed(0)} MiB after (${(rssAfter - rssBefore >= 0 ? '+' : '') + (rssAfter - rssBefore).toFixed(0)} MiB), ${rssSettled.toFixed(0)} MiB 5 s later`,
  );
  const within = r.p99 <= 100 && r.failed === 0 && rssAfter - rssBefore <= 150;
  console.log(`budget: overall p99 ≤ 100 ms, 0 errors, RSS growth ≤ 150 MiB — ${within ? 'within' : 'OVER'}`);
} finally {
  agent.destroy();
  await server.stop();
}
process.exit(0);
