// `npm run bench:search-libraries`: our search engine against well-kept search libraries (MiniSearch, Orama,
// FlexSearch) on the same demo catalogue rows (BENCH_PRODUCTS, default 50,000; seeded into BENCH_DB when
// missing), in process. Per engine and storefront: index build time from rows already in memory, heap held by
// the index (--expose-gc; the index stays alive while measured), query latency p50/p99 over the relevance
// set's queries (RUNS runs each) and over short search-as-you-type prefixes, recall@10 and MRR of the
// relevance set (tests/support/search-relevance-cases.json) overall and per kind. Figures only; the decision
// they fed is docs/adr/0013-search-engine.md. BENCH_ENGINES=ours,minisearch,… picks engines.
//
// Fairness: every engine sees the same rows (id, sku, name, brand, the names of the product's categories) and
// the same field weights (FIELD_WEIGHT); every engine is asked for all matches (the results page counts them
// and builds facets from them), ranked, and scored on its top 10.
import MiniSearch from 'minisearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import FlexSearch from 'flexsearch';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { seededBenchDb } from './bench-db.mjs';
import { openDb } from '#server/db/connection.ts';
import { loadIndexRows } from '#server/search/index-rows.ts';
import { assembleIndex, FIELD_WEIGHT } from '#server/search/index-builder.ts';
import { matchQuery } from '#server/search/match.ts';
import { queryTokens, tokenize } from '#lib/search/tokenize.ts';
import { isCode, joinedCode, normalizeTerm } from '#lib/search/terms.ts';
import { allowedTypos } from '#lib/search/typo.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { RELEVANCE_CASES, resolveCase, scoreCase, TOP } from '#tests/support/search-relevance.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PREFIXES = ['f', 'fi', 'fil', 'filt', 'dam', 'damms'];
const ORAMA_LANGUAGE = { sv: 'swedish', no: 'norwegian', da: 'danish', fi: 'finnish', nl: 'dutch' };
const ORAMA_STEMMER = { sv: swedish, no: norwegian, da: danish, fi: finnish, nl: dutch };

/** Our term pipeline (fold + stem per language), memoized per storefront as our own builder does. */
function ourPipeline(locale) {
  const memo = new Map();
  return (token) => {
    let t = memo.get(token);
    if (t === undefined) memo.set(token, (t = normalizeTerm(token, locale)));
    return t;
  };
}
/** SKU tokens plus the SKU without separators (sti000174), as our engine indexes it. */
const skuTokens = (sku) => {
  const tokens = tokenize(sku);
  const joined = joinedCode(tokens);
  return joined ? [...tokens, joined] : tokens;
};
const categoryText = (links) => {
  const byProduct = new Map();
  for (const l of links) byProduct.set(l.product_id, `${byProduct.get(l.product_id) ?? ''} ${l.name}`);
  return byProduct;
};

const encoderOf = (term) => (text) => tokenize(text).map(term);
/**
 * FlexSearch has no per-field weights across one AND query, so: one word index over name, brand and categories
 * (it ranks by a term's position, so the name comes first), and one code index (SKU, model numbers) with every
 * substring indexed ('full'), its own way to infix matching. Code matches rank first, as in ours.
 */
function flexEngine(label, wordOptions) {
  return {
    label,
    build({ products, links }, locale) {
      const term = ourPipeline(locale);
      const cats = categoryText(links);
      const text = new FlexSearch.Index({ resolution: 9, ...wordOptions(term) });
      const codes = new FlexSearch.Index({ tokenize: 'full', encode: (s) => tokenize(s) });
      for (const p of products) {
        text.add(p.id, `${p.name} ${p.brand ?? ''} ${cats.get(p.id) ?? ''}`);
        codes.add(p.id, [...skuTokens(p.sku), ...tokenize(p.name).filter(isCode)].join(' '));
      }
      return { text, codes, size: products.length };
    },
    search({ text, codes, size }, query) {
      const raw = queryTokens(query);
      const codeWords = raw.filter(isCode);
      const words = raw.filter((t) => !isCode(t));
      const codeHits = codeWords.length > 0 ? codes.search(codeWords.join(' '), { limit: size }) : [];
      // suggest: a product missing one of several words still comes (after those holding all), FlexSearch's typo aid.
      const wordHits = words.length > 0 ? text.search(words.join(' '), { limit: size, suggest: true }) : [];
      let ids;
      if (codeWords.length === 0) ids = wordHits;
      else if (words.length === 0) ids = codeHits;
      else {
        const withWords = new Set(wordHits);
        ids = codeHits.filter((id) => withWords.has(id));
      }
      return { ids: ids.slice(0, TOP), count: ids.length };
    },
  };
}

/**
 * Each engine: build(rows, locale) → index; search(index, query) → { ids (product ids, best first), count }.
 */
const ENGINES = {
  ours: {
    label: 'ours (index-builder + match)',
    build: ({ products, links, categories }, locale) => assembleIndex(locale, 'bench', products, links, categories),
    search(index, query) {
      const m = matchQuery(index, query);
      return { ids: Array.from(m.docs.subarray(0, TOP), (d) => index.ids[d]), count: m.docs.length };
    },
  },
  minisearch: {
    label: 'MiniSearch 7 (our fold+stem)',
    build({ products, links }, locale) {
      const term = ourPipeline(locale);
      const cats = categoryText(links);
      const ms = new MiniSearch({
        fields: ['sku', 'name', 'brand', 'category'],
        tokenize: (text, field) => (field === 'sku' ? skuTokens(text) : tokenize(text)),
        processTerm: term,
        searchOptions: { tokenize: queryTokens, processTerm: term, boost: FIELD_WEIGHT, combineWith: 'AND', prefix: true },
      });
      ms.addAll(products.map((p) => ({ id: p.id, sku: p.sku, name: p.name, brand: p.brand ?? '', category: cats.get(p.id) ?? '' })));
      return ms;
    },
    search(ms, query) {
      // The same typo allowance as ours, taken from the query word as typed (before stemming shortens it).
      const raw = queryTokens(query);
      const hits = ms.search(query, { fuzzy: (_term, i) => allowedTypos(raw[i] ?? '') });
      return { ids: hits.slice(0, TOP).map((h) => h.id), count: hits.length };
    },
  },
  orama: {
    label: 'Orama 3 (own tokenizer+stemmer)',
    build({ products, links }, locale) {
      const cats = categoryText(links);
      const db = create({
        schema: { sku: 'string', name: 'string', brand: 'string', category: 'string' },
        components: { tokenizer: { language: ORAMA_LANGUAGE[locale], stemming: true, stemmer: ORAMA_STEMMER[locale] } },
      });
      insertMultiple(
        db,
        products.map((p) => ({ id: String(p.id), sku: p.sku, name: p.name, brand: p.brand ?? '', category: cats.get(p.id) ?? '' })),
        5000,
      );
      return db;
    },
    search(db, query) {
      // One tolerance per search in Orama: the largest allowance of the query's words.
      const tolerance = Math.max(0, ...queryTokens(query).map(allowedTypos));
      const r = oramaSearch(db, { term: query, boost: FIELD_WEIGHT, tolerance, threshold: 0, limit: TOP });
      return { ids: r.hits.map((h) => Number(h.id)), count: r.count };
    },
  },
  flexsearch: flexEngine('FlexSearch 0.8 (our fold+stem, forward)', (term) => ({ tokenize: 'forward', encode: encoderOf(term) })),
  'flexsearch-tolerant': flexEngine('FlexSearch 0.8 (our fold+stem, tolerant)', (term) => ({
    tokenize: 'tolerant',
    encode: encoderOf(term),
  })),
  'flexsearch-phonetic': flexEngine('FlexSearch 0.8 (fold+stem, LatinAdvanced, forward)', (term) => ({
    tokenize: 'forward',
    encoder: new FlexSearch.Encoder(FlexSearch.Charset.LatinAdvanced, { prepare: (s) => tokenize(s).map(term).join(' ') }),
  })),
};

const heap = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const mib = (b) => (b / 2 ** 20).toFixed(0);
const ms = (x) => x.toFixed(2);

/** One engine on one storefront. A function of its own: the index is unreachable once it returns. */
function measure(engine, rows, locale, cases, skuOf) {
  const before = heap();
  const t = performance.now();
  const index = engine.build(rows, locale);
  const buildMs = performance.now() - t;
  const heapBytes = heap() - before; // the index is still referenced below
  const rel = [];
  const prefix = [];
  const scores = [];
  for (const { c, resolved } of cases) {
    if (!resolved) {
      scores.push({ kind: c.kind, query: c.query, recall: 0, rr: 0 });
      continue;
    }
    let r;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      r = engine.search(index, resolved.text);
      rel.push(performance.now() - s);
    }
    const top = r.ids.map((id) => skuOf.get(id));
    scores.push({ kind: c.kind, query: resolved.text, ...scoreCase(top, resolved.relevant_skus) });
  }
  const counts = {};
  for (const q of PREFIXES) {
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      counts[q] = engine.search(index, q).count;
      prefix.push(performance.now() - s);
    }
  }
  return { buildMs, heapBytes, rel, prefix, scores, counts };
}

const picked = (process.env.BENCH_ENGINES ?? Object.keys(ENGINES).join(',')).split(',');
const file = await seededBenchDb(PRODUCTS, process.env.BENCH_DB);
const { db } = openDb({ kind: 'sqlite', file });
if (!globalThis.gc) console.log('(run with node --expose-gc for the heap figures)');
console.log(`${PRODUCTS} products (${file}), ${RUNS} runs per query, ${new Date().toISOString()}\n`);

/** results[engine][locale] = { buildMs, heapBytes, rel: ms[], prefix: ms[], scores: [] } */
const results = Object.fromEntries(picked.map((e) => [e, {}]));
for (const locale of LOCALE_CODES) {
  const rows = await loadIndexRows(db, locale);
  const skuOf = new Map(rows.products.map((p) => [p.id, p.sku]));
  const cases = RELEVANCE_CASES.filter((c) => c.locale === locale).map((c) => ({ c, resolved: resolveCase(c, rows.products) }));
  for (const name of picked) {
    results[name][locale] = measure(ENGINES[name], rows, locale, cases, skuOf);
    const r = results[name][locale];
    console.log(
      `  ${locale} ${name.padEnd(20)} build ${(r.buildMs / 1000).toFixed(1)} s, heap ${mib(r.heapBytes)} MiB, query p50 ${ms(pct(r.rel, 50))} ms`,
    );
  }
}
await db.destroy();

console.log(`\n${PRODUCTS} products, per storefront (mean of ${LOCALE_CODES.length}; p50/p99 over all storefronts' queries)`);
console.log(
  'engine                                                  build s  heap MiB  rel p50  rel p99  prefix p50  prefix p99  recall@10    MRR',
);
for (const name of picked) {
  const per = LOCALE_CODES.map((l) => results[name][l]);
  const rel = per.flatMap((r) => r.rel);
  const prefix = per.flatMap((r) => r.prefix);
  const scores = per.flatMap((r) => r.scores);
  console.log(
    `${ENGINES[name].label.padEnd(55)} ${(mean(per.map((r) => r.buildMs)) / 1000).toFixed(2).padStart(7)}  ${mib(
      mean(per.map((r) => r.heapBytes)),
    ).padStart(8)}  ${ms(pct(rel, 50)).padStart(7)}  ${ms(pct(rel, 99)).padStart(7)}  ${ms(pct(prefix, 50)).padStart(10)}  ${ms(
      pct(prefix, 99),
    ).padStart(10)}  ${mean(scores.map((s) => s.recall))
      .toFixed(3)
      .padStart(9)}  ${mean(scores.map((s) => s.rr))
      .toFixed(3)
      .padStart(5)}`,
  );
}

console.log('\nrecall@10 / MRR per kind of query');
const kinds = [...new Set(RELEVANCE_CASES.map((c) => c.kind))];
console.log(`${'kind'.padEnd(12)} ${'cases'.padStart(5)}  ${picked.map((n) => n.padStart(19)).join('  ')}`);
for (const kind of kinds) {
  const cells = picked.map((name) => {
    const of = LOCALE_CODES.flatMap((l) => results[name][l].scores).filter((s) => s.kind === kind);
    return `${mean(of.map((s) => s.recall)).toFixed(2)} / ${mean(of.map((s) => s.rr)).toFixed(2)}`.padStart(19);
  });
  const n = LOCALE_CODES.flatMap((l) => results[picked[0]][l].scores).filter((s) => s.kind === kind).length;
  console.log(`${kind.padEnd(12)} ${String(n).padStart(5)}  ${cells.join('  ')}`);
}

console.log('\nper storefront: build s / heap MiB');
console.log(`${'engine'.padEnd(20)} ${LOCALE_CODES.map((l) => l.padStart(12)).join('')}`);
for (const name of picked) {
  console.log(
    `${name.padEnd(20)} ${LOCALE_CODES.map((l) => `${(results[name][l].buildMs / 1000).toFixed(1)} / ${mib(results[name][l].heapBytes)}`.padStart(12)).join('')}`,
  );
}

console.log(`\nmatches counted for the prefixes (${LOCALE_CODES[0]})`);
console.log(`${'engine'.padEnd(20)} ${PREFIXES.map((q) => q.padStart(8)).join('')}`);
for (const name of picked)
  console.log(`${name.padEnd(20)} ${PREFIXES.map((q) => String(results[name][LOCALE_CODES[0]].counts[q]).padStart(8)).join('')}`);
