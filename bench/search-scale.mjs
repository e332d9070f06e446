// `npm run bench:search-scale -- --db /tmp/partsfront-bench-200k.db`: search and listings at scale
// (docs/adr/0030-search-at-scale.md). On a COPY of the given SQLite catalogue (never the file itself) it measures
// 1. per storefront: the search index's build time from the database and its stored file size (what an import
//    adds: `npm run import` builds and stores them);
// 2. in a fresh process: the load time of each stored index (the first search after a restart), the memory the
//    five loaded indexes hold (RSS, heap, external + arrayBuffers), recall@10 / MRR of the relevance set
//    (tests/support/search-relevance.ts) and the in-process match p50/p99; then the five listing indexes'
//    (src/server/catalogue/listing-index.ts) load time and memory;
// 3. a real server (an existing build, bench/find-build.mjs; port BENCH_PORT, default 4714) on that copy: the first
//    search after its start, its RSS after warm-up (every storefront searched and listed), `/api/products` at an
//    evenly paced BENCH_RATE req/s (default 200) for BENCH_SECONDS (default 20) with relevance-set queries and
//    prefixes typed from product names, and page 2 of a root category filtered and sorted
//    (`/kategori/<root>/sida/2?sort=price-asc&stock=in-stock`, every storefront) at BENCH_LISTING_RATE (default 50).
// Goals (issue 27; README.md, Measured): RSS ≤ 2 GiB, search p99 ≤ 50 ms at 200 req/s, recall@10 ≥ 0.95, listing
// page 2+ p99 ≤ 50 ms, first search after a restart ≤ 1 s. Figures only, no assertions. --skip-http: steps 1–2;
// --sequential: step 1 one storefront after another (each one's time) instead of the import's two threads;
// --reuse: step 3 only, on the copy and indexes an earlier run left.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const phase = arg('phase', 'main');
const mib = (b) => `${(b / 2 ** 20).toFixed(0)} MiB`;
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

if (phase === 'build') await buildPhase(arg('file'));
else if (phase === 'load') await loadPhase(arg('file'));
else await main();

/** Step 1 (its own process): build and store every storefront's index, as the import does (two worker threads). */
async function buildPhase(file) {
  const { openDb } = await import('#server/db/connection.ts');
  const { buildSearchIndex } = await import('#server/search/search-index.ts');
  const { storeIndex, storedIndexFile } = await import('#server/search/index-store.ts');
  const { catalogueVersion } = await import('#server/search/catalogue-version.ts');
  const { LOCALE_CODES } = await import('#lib/market/locales.ts');
  const config = { kind: 'sqlite', file };
  const { db } = openDb(config);
  const version = await catalogueVersion(db);
  const size = (locale) => mib(fs.statSync(storedIndexFile(config, locale)).size);
  const hwm = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
  const threads = await import('#server/search/store-search-indexes.ts').catch(() => null);
  if (threads && !process.argv.includes('--sequential')) {
    const t = performance.now();
    await threads.storeSearchIndexesInThreads(db, config);
    const ms = performance.now() - t;
    console.log(`all five in 2 worker threads (the import's index step): ${(ms / 1000).toFixed(1)} s, peak RSS ${mib(hwm())}`);
    console.log(`stored files: ${LOCALE_CODES.map((l) => `${l} ${size(l)}`).join(', ')}`);
    await db.destroy();
    return;
  }
  console.log('storefront  build + store   stored file');
  let total = 0;
  for (const locale of LOCALE_CODES) {
    const t = performance.now();
    await storeIndex(config, await buildSearchIndex(db, locale, version));
    const ms = performance.now() - t;
    total += ms;
    console.log(`${locale.padEnd(10)}  ${(ms / 1000).toFixed(1).padStart(9)} s   ${size(locale).padStart(9)}`);
  }
  console.log(`all five    ${(total / 1000).toFixed(1).padStart(9)} s   (peak RSS of this process ${mib(hwm())})`);
  await db.destroy();
}

/** Step 2 (a fresh process, --expose-gc): what a restarted server loads and holds. */
async function loadPhase(file) {
  const { openDb } = await import('#server/db/connection.ts');
  const { readStoredIndex } = await import('#server/search/index-store.ts');
  const { shareCodes } = await import('#server/search/shared-postings.ts');
  const { catalogueVersion } = await import('#server/search/catalogue-version.ts');
  const { matchWithNumbers } = await import('#server/search/search-products.ts');
  const { localizedProducts } = await import('#server/catalogue/localized-products.ts');
  const { loadListingIndex } = await import('#server/catalogue/listing-index.ts');
  const { withPartNumbers } = await import('#tests/support/search-relevance-numbers.ts');
  const { RELEVANCE_CASES, resolveCase, scoreCase, TOP } = await import('#tests/support/search-relevance.ts');
  const { LOCALE_CODES } = await import('#lib/market/locales.ts');
  const config = { kind: 'sqlite', file };
  const { db } = openDb(config);
  const version = await catalogueVersion(db);
  const memory = () => {
    globalThis.gc?.();
    const m = process.memoryUsage();
    return { rss: m.rss, heap: m.heapUsed, outside: m.external };
  };
  const line = (title, a, b) =>
    console.log(
      `${title.padEnd(34)} RSS +${mib(b.rss - a.rss).padStart(9)}   heap +${mib(b.heap - a.heap).padStart(9)}   external (incl. arrayBuffers) +${mib(b.outside - a.outside).padStart(9)}`,
    );
  // the part-number lookup (shared by the storefronts) loads before the baseline
  await matchWithNumbers(db, { ids: new Int32Array(0), version }, 'warm').catch(() => {});
  const base = memory();
  const indexes = new Map();
  const loads = [];
  for (const locale of LOCALE_CODES) {
    const t = performance.now();
    const stored = await readStoredIndex(config, locale, version);
    if (!stored) throw new Error(`no stored index for ${locale}`);
    const index = shareCodes(stored); // as the server does (search-index.ts)
    const ms = performance.now() - t;
    const q = performance.now();
    await matchWithNumbers(db, index, 'filter');
    loads.push(`${locale} ${ms.toFixed(0)} ms (+ first query ${(performance.now() - q).toFixed(0)} ms)`);
    indexes.set(locale, index);
  }
  console.log(`load of the stored index: ${loads.join(', ')}`);
  console.log(`distinct code lists held: ${new Set([...indexes.values()].map((i) => i.codes)).size} of ${indexes.size}`);
  const withSearch = memory();
  line('five search indexes held', base, withSearch);

  const scores = [];
  const times = [];
  const pageTimes = [];
  const relevanceQueries = {};
  for (const locale of LOCALE_CODES) {
    const index = indexes.get(locale);
    const rows = await localizedProducts(db, locale)
      .leftJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['p.id', 'p.sku', 't.name', 'b.name as brand'])
      .execute();
    const products = (await withPartNumbers(db, rows)).sort((a, b) => a.sku.localeCompare(b.sku));
    const skuOf = new Map(products.map((p) => [p.id, p.sku]));
    relevanceQueries[locale] = [];
    for (const c of RELEVANCE_CASES.filter((c) => c.locale === locale)) {
      const resolved = resolveCase(c, products);
      if (!resolved) {
        scores.push({ locale, kind: c.kind, query: c.query, recall: 0, rr: 0 });
        continue;
      }
      relevanceQueries[locale].push(resolved.text);
      let m;
      for (let i = 0; i < 5; i++) {
        let s = performance.now();
        m = (await matchWithNumbers(db, index, resolved.text)).matches;
        times.push(performance.now() - s);
        // as /api/products asks without refinements: the first page (24) in order
        s = performance.now();
        await matchWithNumbers(db, index, resolved.text, 24);
        pageTimes.push(performance.now() - s);
      }
      const top = Array.from(m.docs.subarray(0, TOP), (d) => skuOf.get(index.ids[d]));
      scores.push({ locale, kind: c.kind, query: resolved.text, ...scoreCase(top, resolved.relevant_skus) });
    }
  }
  console.log(
    `match in process (relevance queries, 5 runs each): every match in order p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms; the first 24 in order (as the API asks) p50 ${pct(pageTimes, 50).toFixed(2)} ms, p99 ${pct(pageTimes, 99).toFixed(2)} ms`,
  );
  console.log(
    `relevance set: ${scores.length} cases, recall@10 ${mean(scores.map((s) => s.recall)).toFixed(3)}, MRR ${mean(scores.map((s) => s.rr)).toFixed(3)}`,
  );
  for (const s of scores.filter((s) => s.recall < 1))
    console.log(`  below 1: ${s.locale} ${s.kind} "${s.query}" recall ${s.recall.toFixed(2)} rr ${s.rr.toFixed(2)}`);
  fs.writeFileSync(arg('queries'), JSON.stringify(relevanceQueries));

  const beforeListing = memory();
  const listings = [];
  const t = performance.now();
  for (const locale of LOCALE_CODES) listings.push(await loadListingIndex(locale, db));
  const listingMs = performance.now() - t;
  line(`five listing indexes (${(listingMs / 1000).toFixed(1)} s)`, beforeListing, memory());
  console.log(`all held: RSS ${mib(process.memoryUsage().rss)}`);
  indexes.clear();
  await db.destroy();
}

async function main() {
  const source = path.resolve(arg('db', '/tmp/partsfront-bench-50k.db'));
  if (!fs.existsSync(source)) throw new Error(`no catalogue ${source}`);
  const work = path.resolve('.cache/bench-search-scale');
  fs.mkdirSync(work, { recursive: true });
  const file = path.join(work, path.basename(source));
  const indexDir = path.join(work, `index-${path.basename(source, '.db')}`);
  // --reuse: the copy and the indexes stored by an earlier run (steps 1–2 skipped)
  const reuse = process.argv.includes('--reuse') && fs.existsSync(file) && fs.existsSync(indexDir);
  if (!reuse) {
    for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    // a copy: the source may be shared; the -wal holds committed pages not yet in the main file
    for (const suffix of ['', '-wal']) if (fs.existsSync(source + suffix)) fs.copyFileSync(source + suffix, file + suffix);
    fs.rmSync(indexDir, { recursive: true, force: true });
  }
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite:${file}`,
    PARTSFRONT_SEARCH_INDEX_DIR: indexDir,
    ASTRO_TELEMETRY_DISABLED: '1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  if (spawnSync(process.execPath, ['scripts/db.mjs', 'migrate'], { env, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0)
    throw new Error('migrate failed');
  const { DatabaseSync } = await import('node:sqlite');
  const sql = new DatabaseSync(file, { readOnly: true });
  const products = Number(sql.prepare('SELECT COUNT(*) AS n FROM products').get().n);
  console.log(
    `${products} products (copy of ${source}), ${new Date().toISOString()}, load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`,
  );

  const self = path.resolve('bench/search-scale.mjs');
  const run = (flags, phaseName, extra = []) => {
    const r = spawnSync(process.execPath, [...flags, self, '--phase', phaseName, '--file', file, ...extra], { env, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`${phaseName} failed`);
  };
  const queriesFile = path.join(work, `queries-${path.basename(source, '.db')}.json`);
  if (!reuse) {
    console.log('1. search indexes built from the database and stored (as after an import)');
    run([], 'build', process.argv.includes('--sequential') ? ['--sequential'] : []);
    console.log('\n2. a fresh process loads them');
    run(['--expose-gc'], 'load', ['--queries', queriesFile]);
  }
  if (process.argv.includes('--skip-http')) return;

  console.log('\n3. a server on the copy');
  const { findBuildDir } = await import('./find-build.mjs');
  const { pacedLoad } = await import('./paced-load.mjs');
  const { LOCALES, LOCALE_CODES } = await import('#lib/market/locales.ts');
  const { pathFor } = await import('#lib/routing/routes.ts');
  const port = Number(process.env.BENCH_PORT ?? 4714);
  const rate = Number(process.env.BENCH_RATE ?? 200);
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  const listingRate = Number(process.env.BENCH_LISTING_RATE ?? 50);
  const serveFlags = JSON.parse(fs.readFileSync('package.json', 'utf8'))
    .scripts.serve.split(/\s+/)
    .filter((a) => a.startsWith('--'));
  const started = performance.now();
  const server = spawn(process.execPath, [...serveFlags, 'src/host/index.ts'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PARTSFRONT_BUILD_DIR: findBuildDir() },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => server.exitCode === null && server.kill('SIGTERM');
  process.on('exit', stop);
  const get = (locale, p) =>
    new Promise((resolve) => {
      const t = performance.now();
      const req = http.request({ host: '127.0.0.1', port, path: p, headers: { host: `${locale}.localhost:${port}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t }));
      });
      req.on('error', () => resolve({ status: 0, ms: performance.now() - t }));
      req.end();
    });
  const searchPath = (locale, query) => `/api/products?${new URLSearchParams({ locale, sid: String(LOCALES[locale].storeID), query })}`;
  for (let i = 0; (await get('sv', '/healthz')).status !== 200; i++) {
    if (i > 1200) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const listening = performance.now() - started;
  const first = await get('sv', searchPath('sv', 'filter'));
  console.log(
    `listening after ${(listening / 1000).toFixed(1)} s; first search after the start: ${first.ms.toFixed(0)} ms (status ${first.status})`,
  );
  const rssOf = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

  // listing paths: page 2 of each storefront's root category with the most products, filtered and sorted
  const root = sql
    .prepare(
      `SELECT c.id FROM categories c JOIN product_categories pc ON pc.category_id = c.id
       WHERE c.parent_id IS NULL GROUP BY c.id ORDER BY COUNT(*) DESC LIMIT 1`,
    )
    .get();
  const rootId = root?.id ?? sql.prepare('SELECT id FROM categories WHERE parent_id IS NULL ORDER BY id LIMIT 1').get().id;
  const listingPaths = {};
  for (const locale of LOCALE_CODES) {
    const slug = sql.prepare('SELECT slug FROM category_translations WHERE category_id = ? AND locale = ?').get(rootId, locale).slug;
    listingPaths[locale] = ['price-asc', 'price-desc', 'name'].map(
      (sort) => `${pathFor('product-category-all-page', locale, { all: slug, page: '2' })}?sort=${sort}&stock=in-stock`,
    );
  }
  // warm-up: every storefront's search and listing index loaded
  const warmStarted = performance.now();
  for (const locale of LOCALE_CODES) {
    await get(locale, searchPath(locale, 'filter'));
    const r = await get(locale, listingPaths[locale][0]);
    if (r.status !== 200) console.log(`  listing ${locale} ${listingPaths[locale][0]}: status ${r.status}`);
  }
  console.log(`warm-up (five storefronts' search and listing): ${((performance.now() - warmStarted) / 1000).toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 10_000));
  console.log(`server RSS after warm-up: ${mib(rssOf())}`);

  // search traffic: relevance queries and prefixes of 1–2 name words as typed (fixed seed: every run the same)
  const relevance = JSON.parse(fs.readFileSync(queriesFile, 'utf8'));
  const names = {};
  for (const locale of LOCALE_CODES)
    names[locale] = sql
      .prepare('SELECT name FROM product_translations WHERE locale = ? AND product_id % 97 = 0 LIMIT 5000')
      .all(locale)
      .map((r) => r.name);
  sql.close();
  let seed = 0x9e3779b9;
  const random = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const nextSearch = () => {
    const locale = pick(LOCALE_CODES);
    let query;
    if (random() < 0.5 && relevance[locale].length) query = pick(relevance[locale]);
    else {
      const words = pick(names[locale]).toLowerCase().split(/\s+/);
      const start = Math.floor(random() * words.length);
      const chosen = words.slice(start, start + 1 + Math.floor(random() * 2)).join(' ');
      query = chosen.slice(0, 2 + Math.floor(random() * chosen.length));
    }
    return { host: `${locale}.localhost:${port}`, path: searchPath(locale, query), kind: 'search' };
  };
  const show = (title, r) =>
    console.log(
      `${title.padEnd(44)} ${r.rps.toFixed(0).padStart(4)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  max ${r.max.toFixed(0).padStart(5)} ms  failed ${r.failed}`,
    );
  show(
    `/api/products, paced ${rate} req/s × ${seconds} s`,
    await pacedLoad({ port, host: `sv.localhost:${port}`, rate, seconds, next: nextSearch }),
  );
  const nextListing = () => {
    const locale = pick(LOCALE_CODES);
    return { host: `${locale}.localhost:${port}`, path: pick(listingPaths[locale]), kind: 'listing' };
  };
  show(
    `listing page 2 filtered+sorted, ${listingRate} req/s`,
    await pacedLoad({ port, host: `sv.localhost:${port}`, rate: listingRate, seconds, next: nextListing }),
  );
  // and one request at a time: what a page costs without a queue in front of it
  const one = [];
  for (let i = 0; i < 100; i++) {
    const { host, path: p } = nextListing();
    one.push((await get(host.split('.')[0], p)).ms);
  }
  console.log(
    `${'listing page 2 filtered+sorted, one at a time'.padEnd(44)}  100 requests  p50 ${pct(one, 50).toFixed(1).padStart(6)} ms  p99 ${pct(one, 99).toFixed(1).padStart(6)} ms`,
  );
  console.log(`listing example: ${listingPaths.sv[0]}`);
  console.log(`server RSS after the traffic: ${mib(rssOf())}`);
  stop();
  process.exit(0);
}
