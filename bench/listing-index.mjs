// `node --expose-gc bench/listing-index.mjs --db <catalogue.db>`: what the server's five listing indexes cost in process
// (docs/adr/0032-listing-columns.md), on a copy of a seeded SQLite catalogue (the source is never written):
// 1. load time, the longest event-loop block while loading, and memory (heap, array buffers, RSS; after a GC) of the
//    five storefronts' indexes held at once;
// 2. the listing work of a page (filter, facets, sort, page: `listingView`, uncached) over seeded random queries on
//    the largest categories, brands and tags of every storefront: p50/p99 and a checksum of every answer (ids, totals,
//    facet counts), so two versions of the index can be shown to answer identically on the same catalogue.
// --rounds N: random queries per storefront (default 300).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const mib = (n) => `${(n / 1048576).toFixed(0)} MiB`;
const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const source = path.resolve(arg('db', '/tmp/partsfront-bench-50k.db'));
if (!fs.existsSync(source)) throw new Error(`no catalogue ${source}`);
const work = path.resolve('.cache/bench-listing-index');
fs.mkdirSync(work, { recursive: true });
const file = path.join(work, path.basename(source));
if (!fs.existsSync(file) || process.argv.includes('--fresh-copy')) {
  for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  for (const suffix of ['', '-wal']) if (fs.existsSync(source + suffix)) fs.copyFileSync(source + suffix, file + suffix);
}
process.env.DATABASE_URL = `sqlite:${file}`;
process.env.LOG_LEVEL ??= 'warn';
if (spawnSync(process.execPath, ['scripts/db.mjs', 'migrate'], { env: process.env, stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0)
  throw new Error('migrate failed');

const { getDb } = await import('#server/db/connection.ts');
const { loadListingIndex } = await import('#server/catalogue/listing-index.ts');
const { listingView } = await import('#server/catalogue/listing-view.ts');
const { LOCALE_CODES } = await import('#lib/market/locales.ts');
const { AVAILABILITIES, LISTING_SORTS } = await import('#lib/catalogue/listing-query.ts');

const db = getDb();
const products = Number(
  (
    await db
      .selectFrom('products')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirst()
  ).n,
);
console.log(
  `${products} products (copy of ${source}), ${new Date().toISOString()}, load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
const memory = () => {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed, buffers: m.arrayBuffers };
};
await db.selectFrom('brands').select('id').limit(1).execute(); // the connection opened before the baseline
const base = memory();
const indexes = new Map();
const loads = [];
// what a server loading an index makes its requests wait at most (the load yields between slices of work)
const blocked = monitorEventLoopDelay({ resolution: 10 });
blocked.enable();
for (const locale of LOCALE_CODES) {
  const t = performance.now();
  indexes.set(locale, await loadListingIndex(locale, db));
  loads.push(`${locale} ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
blocked.disable();
const held = memory();
console.log(`load: ${loads.join(', ')}; longest event-loop block ${(blocked.max / 1e6).toFixed(0)} ms`);
console.log(
  `five listing indexes held: heap +${mib(held.heap - base.heap)}, array buffers +${mib(held.buffers - base.buffers)}, ` +
    `RSS +${mib(held.rss - base.rss)} (RSS ${mib(held.rss)})`,
);

// Seeded random queries (mulberry32): the same on every run and version.
let seed = 27;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (xs) => xs[Math.floor(random() * xs.length)];
const some = (xs, most) => [...new Set(Array.from({ length: Math.floor(random() * (most + 1)) }, () => pick(xs)))].sort();
const ROUNDS = Number(arg('rounds', 300));
const label = (a) => a;
const hash = crypto.createHash('sha256');
const times = [];
const sizes = (m) => [...m].sort((a, b) => b[1].length - a[1].length);
for (const [locale, index] of indexes) {
  const brandSlugs = [...index.brandBySlug.keys()];
  const targets = [
    ...sizes(index.inCategory)
      .slice(0, 6)
      .map(([id]) => ({ kind: 'category', category: index.categoryById.get(id) })),
    ...sizes(index.ofBrand)
      .slice(0, 2)
      .map(([id]) => ({ kind: 'brand', id, slug: index.brandById.get(id).slug })),
    ...sizes(index.withTag)
      .slice(0, 2)
      .map(([id]) => ({ kind: 'tag', id, slug: String(id) })),
  ];
  for (let n = 0; n < ROUNDS; n++) {
    const target = pick(targets);
    const subs = target.kind === 'category' ? target.category.children.map((c) => c.slug) : [];
    const min = random() < 0.3 ? Math.floor(random() * 500) : undefined;
    const max = random() < 0.3 ? (min ?? 0) + Math.floor(random() * 3000) : undefined;
    const q = {
      brands: random() < 0.4 ? some(brandSlugs, 3) : [],
      subs: subs.length && random() < 0.4 ? some(subs, 2) : [],
      stock: random() < 0.3 ? some(AVAILABILITIES, 2) : [],
      vatEx: (min !== undefined || max !== undefined) && random() < 0.3,
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
      ...(random() < 0.6 ? { sort: pick(LISTING_SORTS) } : {}),
    };
    const page = 1 + Math.floor(random() * 5);
    const t = performance.now();
    const v = listingView(index, target, q, page, label);
    times.push(performance.now() - t);
    hash.update(JSON.stringify([locale, v.total, v.pages, v.ids, v.facets]));
  }
}
times.sort((a, b) => a - b);
console.log(
  `listing work (listingView uncached, ${times.length} random queries on the largest listings): ` +
    `p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms; answers checksum ${hash.digest('hex').slice(0, 16)}`,
);
await db.destroy();
process.exit(0);
