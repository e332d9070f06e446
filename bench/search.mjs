// `npm run bench:search`: the search engine on a demo catalogue (BENCH_PRODUCTS, default 50,000; seeded into
// BENCH_DB when missing), in process, without HTTP. Prints per storefront: index build time from the database,
// load time of the stored index, heap held by the index, and match latency p50/p99 over the relevance set's
// queries (with the part-number lookup, as the API ranks); the part-number lookup's build time and heap; then recall@10 and MRR of the relevance set (tests/support/search-relevance-cases.json) per kind.
// Budgets (README.md, Measured): recall@10 ≥ 0.95. The HTTP figures (p99 at 200 req/s) are bench/api.mjs's.
// Figures only, no assertions. Run with --expose-gc for the heap figure (the npm script does).
import { seededBenchDb } from './bench-db.mjs';
import { openDb } from '#server/db/connection.ts';
import { buildSearchIndex } from '#server/search/search-index.ts';
import { matchWithNumbers } from '#server/search/search-products.ts';
import { loadNumberLookup } from '#server/search/part-number-index.ts';
import { withPartNumbers } from '#tests/support/search-relevance-numbers.ts';
import { encodeIndex, decodeIndex } from '#server/search/index-codec.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { RELEVANCE_CASES, resolveCase, scoreCase, TOP } from '#tests/support/search-relevance.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const file = await seededBenchDb(PRODUCTS, process.env.BENCH_DB);
const { db } = openDb({ kind: 'sqlite', file });
const heap = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const mib = (b) => `${(b / 2 ** 20).toFixed(0)} MiB`;

console.log(`${PRODUCTS} products (${file})\n`);
console.log('storefront  build     load stored  index heap  file      match p50  match p99');
const scores = [];
const kept = []; // every index stays alive, so each heap figure is its own index's
for (const locale of LOCALE_CODES) {
  const before = heap();
  let t = performance.now();
  const index = await buildSearchIndex(db, locale);
  const buildMs = performance.now() - t;
  const held = heap() - before;
  kept.push(index);
  const bytes = encodeIndex(index);
  t = performance.now();
  decodeIndex(bytes);
  const loadMs = performance.now() - t;

  const products = await withPartNumbers(
    db,
    await localizedProducts(db, locale)
      .leftJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['p.id', 'p.sku', 't.name', 'b.name as brand'])
      .execute(),
  );
  const skuOf = new Map(products.map((p) => [p.id, p.sku]));
  await matchWithNumbers(db, index, 'warm'); // the part-number lookup loads once, not inside a timed query
  const times = [];
  for (const c of RELEVANCE_CASES.filter((c) => c.locale === locale)) {
    const resolved = resolveCase(c, products);
    if (!resolved) {
      scores.push({ locale, kind: c.kind, query: c.query, recall: 0, rr: 0 });
      continue;
    }
    let m;
    for (let i = 0; i < 20; i++) {
      const s = performance.now();
      // as the API ranks: the parts a part number names first (docs/product/search.md#part-numbers)
      m = (await matchWithNumbers(db, index, resolved.text)).matches;
      times.push(performance.now() - s);
    }
    const top = Array.from(m.docs.subarray(0, TOP), (d) => skuOf.get(index.ids[d]));
    scores.push({ locale, kind: c.kind, query: resolved.text, ...scoreCase(top, resolved.relevant_skus) });
  }
  console.log(
    `${locale.padEnd(10)}  ${(buildMs / 1000).toFixed(1).padStart(4)} s  ${loadMs.toFixed(0).padStart(6)} ms   ${mib(held).padStart(9)}  ${mib(bytes.length).padStart(7)}  ${pct(times, 50).toFixed(2).padStart(6)} ms  ${pct(times, 99).toFixed(2).padStart(6)} ms`,
  );
}

// The part-number lookup (one for every storefront): its build time and heap (docs/product/search.md#part-numbers).
{
  const before = heap();
  const t = performance.now();
  const lookup = await loadNumberLookup(db);
  const ms = performance.now() - t;
  console.log(`\npart-number lookup: ${lookup.size} numbers, built in ${ms.toFixed(0)} ms, heap ${mib(heap() - before)}`);
  kept.push(lookup);
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log('\nrelevance set                  cases  recall@10    MRR');
const kinds = [...new Set(scores.map((s) => s.kind))];
for (const kind of kinds) {
  const of = scores.filter((s) => s.kind === kind);
  console.log(
    `  ${kind.padEnd(28)} ${String(of.length).padStart(5)}  ${mean(of.map((s) => s.recall))
      .toFixed(3)
      .padStart(9)}  ${mean(of.map((s) => s.rr))
      .toFixed(3)
      .padStart(5)}`,
  );
}
console.log(
  `  ${'all'.padEnd(28)} ${String(scores.length).padStart(5)}  ${mean(scores.map((s) => s.recall))
    .toFixed(3)
    .padStart(9)}  ${mean(scores.map((s) => s.rr))
    .toFixed(3)
    .padStart(5)}`,
);
for (const s of scores.filter((s) => s.recall < 1))
  console.log(`  below 1: ${s.locale} ${s.kind} "${s.query}" recall ${s.recall.toFixed(2)} rr ${s.rr.toFixed(2)}`);
await db.destroy();
