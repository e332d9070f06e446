// `npm run bench:listing`: what the listing pages cost (docs/adr/0012-listing-pages.md).
// 1. Prerendering every listing page: how many pages beyond the static first pages it would add for the demo
//    catalogue at 10k and 50k products × 5 storefronts (the same counting as the build: a category lists its
//    descendants' products), and the build seconds that adds at the measured build rate (BUILD_PAGES_PER_S,
//    default: README.md's measured 247 pages/s).
// 2. Rendering them on demand: starts the server on the 50k SQLite catalogue (BENCH_DB, seeded like bench:api)
//    with an existing build, times the first listing request after the start (the listing index loads), then
//    p50/p99 of page 2, the last page, filtered, sorted and fragment requests of the largest category and a
//    brand, one request at a time (BENCH_ROUNDS each), and with BENCH_RATE set also at that evenly paced rate
//    for BENCH_SECONDS. Budget: the listing work (index, filter, cards) ≤ 50 ms per page.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { LISTING_PAGE_SIZE } from '#lib/catalogue/listing-query.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { pacedLoad } from './paced-load.mjs';
import { findBuildDir } from './find-build.mjs';
import { seededBenchDb } from './bench-db.mjs';

const RATE_BUILD = Number(process.env.BUILD_PAGES_PER_S ?? 247);

function extraPages(products) {
  const c = generateDemoCatalogue({ products });
  const parent = new Map(c.categories.map((x) => [x.id, x.parent_id]));
  let firstPages = 0;
  let extra = 0;
  for (const locale of LOCALE_CODES) {
    const lists = new Map();
    const add = (key) => lists.set(key, (lists.get(key) ?? 0) + 1);
    for (const p of c.products) {
      if (!p.translations[locale] || !p.prices[locale]) continue; // published in this storefront only
      const seen = new Set();
      for (const { id } of p.categories) for (let x = id; x != null && !seen.has(x); x = parent.get(x)) seen.add(x);
      for (const id of seen) add(`c${id}`);
      if (p.brand_id != null) add(`b${p.brand_id}`);
      for (const t of p.tags ?? []) add(`t${typeof t === 'object' ? t.id : t}`);
    }
    firstPages += lists.size;
    for (const n of lists.values()) extra += Math.ceil(n / LISTING_PAGE_SIZE) - 1;
  }
  return { firstPages, extra };
}

for (const n of [10_000, 50_000]) {
  const { firstPages, extra } = extraPages(n);
  console.log(
    `prerender all pages, ${n} products × 5 storefronts: ${firstPages} listings (static first pages), +${extra} pages ` +
      `(+${Math.round(extra / RATE_BUILD)} s at ${RATE_BUILD} pages/s); filter/sort combinations: not enumerable`,
  );
}

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const DB_FILE = path.resolve(process.env.BENCH_DB ?? `/tmp/partsfront-bench-${PRODUCTS / 1000}k.db`);
const PORT = Number(process.env.BENCH_PORT ?? 4698);
const RATE = Number(process.env.BENCH_RATE ?? 0);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
await seededBenchDb(PRODUCTS, DB_FILE);

// The largest category and brand of the sv storefront, from the same index the server builds.
process.env.DATABASE_URL = `sqlite:${DB_FILE}`;
const { loadListingIndex } = await import('#server/catalogue/listing-index.ts');
// the index is mostly typed arrays (docs/adr/0032-listing-columns.md): their memory is outside the heap
const held = () => (globalThis.gc?.(), process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers);
const held0 = held();
let t = performance.now();
const index = await loadListingIndex('sv');
const loadMs = performance.now() - t;
console.log(
  `listing index (sv, ${PRODUCTS} products): loaded in ${Math.round(loadMs)} ms, ` +
    `≈ ${Math.round((held() - held0) / 1048576)} MiB (heap and array buffers)`,
);
const [catId, catItems] = [...index.inCategory].sort((a, b) => b[1].length - a[1].length)[0];
const [brandId, brandItems] = [...index.ofBrand].sort((a, b) => b[1].length - a[1].length)[0];
const cat = index.categoryById.get(catId);
const brand = index.brandById.get(brandId);
const sub = cat.children[0]?.slug;
const lastPage = Math.ceil(catItems.length / LISTING_PAGE_SIZE);
const catBase = `/kategori/${cat.path.map(encodeURIComponent).join('/')}/sida`;
const urls = {
  'page 2': `${catBase}/2`,
  'last page': `${catBase}/${lastPage}`,
  'middle page': `${catBase}/${Math.ceil(lastPage / 2)}`,
  filtered: `${catBase}/1?brand=${brand.slug}&stock=in-stock${sub ? `&sub=${sub}` : ''}`,
  'price sort': `${catBase}/3?sort=price-asc&min=100&max=2000`,
  fragment: `${catBase}/2?sort=name&partial=1`,
  brand: `/varumarke/${brand.slug}/sida/2?sort=price-desc`,
};
console.log(
  `largest category ${cat.path.join('/')} (${catItems.length} products, ${lastPage} pages); brand ${brand.slug} (${brandItems.length})`,
);

const server = spawn(process.execPath, ['src/host/index.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', PARTSFRONT_BUILD_DIR: findBuildDir(), PARTSFRONT_SANDBOX: 'off' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => server.exitCode === null && server.kill('SIGTERM'));
const host = `sv.localhost:${PORT}`;
const get = (p) =>
  new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: PORT, path: p, headers: { host } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', reject);
  });
for (let i = 0; ; i++) {
  try {
    if ((await get('/healthz')) === 200) break;
  } catch {
    /* not up yet */
  }
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
t = performance.now();
const first = await get(urls['page 2']);
console.log(`first listing request after start (index loads): ${first} in ${Math.round(performance.now() - t)} ms`);
for (const [k, u] of Object.entries(urls)) {
  const s = await get(u);
  if (s !== 200) throw new Error(`${k} ${u}: ${s}`);
}
// Closed loop (one request at a time): the render cost itself, not a queue. The search results page (also
// rendered on demand, same layout) is the reference for what the machine gives a page right now.
const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
for (const [k, u] of [...Object.entries(urls), ['search (ref.)', '/sok?q=filter']]) {
  const ms = [];
  for (let n = 0; n < ROUNDS; n++) {
    const t0 = performance.now();
    await get(u);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(`  ${k.padEnd(14)} p50 ${pct(ms, 50).toFixed(1)} ms  p99 ${pct(ms, 99).toFixed(1)} ms`);
}
if (process.env.BENCH_RATE) {
  const kinds = Object.entries(urls);
  let i = 0;
  const r = await pacedLoad({
    port: PORT,
    host,
    rate: RATE,
    seconds: SECONDS,
    next: () => {
      const [kind, p] = kinds[i++ % kinds.length];
      return { method: 'GET', path: p, kind };
    },
  });
  console.log(`paced at ${RATE} req/s for ${SECONDS} s: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, failed ${r.failed}`);
}
process.exit(0);
