// `DATABASE_URL=postgres://… npm run bench:search-postgres`: what PostgreSQL itself offers for our search, on
// the catalogue in that database (seed one with `scripts/db.mjs seed --products 50000`), for
// docs/adr/0013-search-engine.md. An evaluation, not a product feature: it (re)creates its own table
// bench_search_docs in that database (never a migration) and needs the extensions pg_trgm and unaccent, which
// only a superuser can create (`CREATE EXTENSION pg_trgm; CREATE EXTENSION unaccent;` as user postgres).
//
// Per storefront a document per product: a tsvector in the language's text search configuration (swedish,
// norwegian, danish, finnish, dutch) over unaccented text with weights A sku, B name, C brand, D categories;
// the same words as plain text for pg_trgm (typos); the codes (SKU, SKU without separators, model numbers) for
// infix LIKE over a trigram index. Partial GIN indexes per storefront. A query word matches when its stem is a
// prefix of a lexeme (to_tsquery 'word:*'), or — from 5 letters, as our typo allowance — when pg_trgm's
// word_similarity finds it (<%), or — a code — inside a code. Every word must match; ranked by ts_rank plus
// the similarity and code bonuses; all matches are counted (count(*) over ()), as the results page needs.
// Prints: build time and sizes, latency p50/p99 of the relevance set's queries (RUNS runs each) and of
// search-as-you-type prefixes, recall@10/MRR per kind, and throughput with CONCURRENCY clients.
import pg from 'pg';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { queryTokens } from '#lib/search/tokenize.ts';
import { allowedTypos } from '#lib/search/typo.ts';
import { isCode, MIN_CODE_FRAGMENT } from '#lib/search/terms.ts';
import { RELEVANCE_CASES, resolveCase, scoreCase, TOP } from '#tests/support/search-relevance.ts';

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('DATABASE_URL=postgres://… (a database holding a seeded catalogue) is required');
  process.exit(2);
}
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const PREFIXES = ['f', 'fi', 'fil', 'filt', 'dam', 'damms'];
/** Storefront → text search configuration. Both are inlined into SQL from this fixed list only. */
const CONFIG = { sv: 'swedish', no: 'norwegian', da: 'danish', fi: 'finnish', nl: 'dutch' };

const pool = new pg.Pool({ connectionString: url, max: Math.max(CONCURRENCY, 1) });
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const mib = (b) => `${(Number(b) / 2 ** 20).toFixed(1)} MiB`;

const ext = await pool.query(`SELECT extname FROM pg_extension WHERE extname IN ('pg_trgm', 'unaccent')`);
if (ext.rows.length < 2) {
  console.error('needs the extensions pg_trgm and unaccent: as a superuser, CREATE EXTENSION pg_trgm; CREATE EXTENSION unaccent;');
  process.exit(2);
}
const { rows: version } = await pool.query('SELECT version() AS v');
console.log(`${version[0].v.split(',')[0]}, ${new Date().toISOString()}, ${RUNS} runs per query\n`);

// Build: one table for all storefronts, partial indexes per storefront (the locale is inlined in each query,
// so the planner picks the storefront's index; a $1 would let a generic plan skip partial indexes).
let t = performance.now();
await pool.query('DROP TABLE IF EXISTS bench_search_docs');
await pool.query(`CREATE TABLE bench_search_docs (
  locale text NOT NULL, product_id integer NOT NULL, sku text NOT NULL,
  doc tsvector NOT NULL, words text NOT NULL, codes text NOT NULL, PRIMARY KEY (locale, product_id))`);
for (const locale of LOCALE_CODES) {
  const cfg = CONFIG[locale];
  await pool.query(
    `INSERT INTO bench_search_docs
     SELECT t.locale, p.id, p.sku,
       setweight(to_tsvector('${cfg}', unaccent(p.sku)), 'A')
         || setweight(to_tsvector('${cfg}', unaccent(t.name)), 'B')
         || setweight(to_tsvector('${cfg}', unaccent(coalesce(b.name, ''))), 'C')
         || setweight(to_tsvector('${cfg}', unaccent(coalesce(c.names, ''))), 'D'),
       lower(unaccent(t.name || ' ' || coalesce(b.name, '') || ' ' || coalesce(c.names, ''))),
       ' ' || lower(p.sku || ' ' || regexp_replace(p.sku, '[^[:alnum:]]', '', 'g') || ' '
         || coalesce((SELECT string_agg(m[1], ' ') FROM regexp_matches(t.name, '([[:alpha:]]*[0-9][[:alnum:]]*)', 'g') AS m), '')) || ' '
     FROM products p
     JOIN product_translations t ON t.product_id = p.id AND t.locale = $1
     JOIN product_prices pr ON pr.product_id = p.id AND pr.locale = $1
     LEFT JOIN brands b ON b.id = p.brand_id
     LEFT JOIN LATERAL (
       SELECT string_agg(ct.name, ' ') AS names FROM product_categories pc
       JOIN category_translations ct ON ct.category_id = pc.category_id AND ct.locale = $1
       WHERE pc.product_id = p.id) c ON true`,
    [locale],
  );
}
const loadMs = performance.now() - t;
t = performance.now();
for (const locale of LOCALE_CODES) {
  await pool.query(`CREATE INDEX bench_search_doc_${locale} ON bench_search_docs USING gin (doc) WHERE locale = '${locale}'`);
  await pool.query(
    `CREATE INDEX bench_search_words_${locale} ON bench_search_docs USING gin (words gin_trgm_ops) WHERE locale = '${locale}'`,
  );
  await pool.query(
    `CREATE INDEX bench_search_codes_${locale} ON bench_search_docs USING gin (codes gin_trgm_ops) WHERE locale = '${locale}'`,
  );
}
await pool.query('ANALYZE bench_search_docs');
const indexMs = performance.now() - t;
const { rows: sizes } = await pool.query(`SELECT pg_table_size('bench_search_docs') AS tbl, pg_indexes_size('bench_search_docs') AS idx,
  (SELECT count(*) FROM bench_search_docs) AS n`);
console.log(
  `build: documents ${(loadMs / 1000).toFixed(1)} s, GIN indexes ${(indexMs / 1000).toFixed(1)} s (all ${LOCALE_CODES.length} storefronts, ${sizes[0].n} documents); ` +
    `table ${mib(sizes[0].tbl)}, indexes ${mib(sizes[0].idx)} (shared by every node, on disk / in shared buffers)\n`,
);

/** The SQL and parameters of one query; null when it has no words. */
function searchSql(locale, query) {
  const cfg = CONFIG[locale];
  const tokens = queryTokens(query);
  if (tokens.length === 0) return null;
  const params = [];
  const conds = [];
  const scores = [];
  for (const token of tokens) {
    params.push(token);
    const p = `$${params.length}`;
    const tq = `to_tsquery('${cfg}', unaccent(${p}) || ':*')`;
    const alt = [`d.doc @@ ${tq}`];
    scores.push(`ts_rank('{0.1, 0.2, 0.4, 1.0}', d.doc, ${tq})`);
    if (allowedTypos(token) > 0) {
      alt.push(`unaccent(${p}) <% d.words`);
      scores.push(`0.5 * word_similarity(unaccent(${p}), d.words)`);
    }
    if (isCode(token) && token.length >= MIN_CODE_FRAGMENT) {
      alt.push(`d.codes LIKE '%' || ${p} || '%'`);
      scores.push(`CASE WHEN d.codes LIKE '% ' || ${p} || ' %' THEN 2 WHEN d.codes LIKE '%' || ${p} || '%' THEN 0.7 ELSE 0 END`);
    }
    conds.push(`(${alt.join(' OR ')})`);
  }
  const text = `SELECT d.product_id, d.sku, ${scores.join(' + ')} AS score, count(*) OVER () AS total
    FROM bench_search_docs d WHERE d.locale = '${locale}' AND ${conds.join(' AND ')}
    ORDER BY score DESC, d.product_id LIMIT ${TOP}`;
  return { text, values: params };
}
const run = async (client, locale, query) => {
  const q = searchSql(locale, query);
  return q ? (await client.query(q)).rows : [];
};

const client = await pool.connect();
const rel = [];
const prefix = [];
const scores = [];
const workload = [];
for (const locale of LOCALE_CODES) {
  const { rows: products } = await client.query(
    `SELECT p.sku, t.name, b.name AS brand FROM products p
     JOIN product_translations t ON t.product_id = p.id AND t.locale = $1
     JOIN product_prices pr ON pr.product_id = p.id AND pr.locale = $1
     LEFT JOIN brands b ON b.id = p.brand_id`,
    [locale],
  );
  for (const c of RELEVANCE_CASES.filter((c) => c.locale === locale)) {
    const resolved = resolveCase(c, products);
    if (!resolved) {
      scores.push({ kind: c.kind, query: c.query, recall: 0, rr: 0 });
      continue;
    }
    workload.push([locale, resolved.text]);
    let rows = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      rows = await run(client, locale, resolved.text);
      rel.push(performance.now() - s);
    }
    scores.push({
      locale,
      kind: c.kind,
      query: resolved.text,
      ...scoreCase(
        rows.map((r) => r.sku),
        resolved.relevant_skus,
      ),
    });
  }
  for (const q of PREFIXES) {
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await run(client, locale, q);
      prefix.push(performance.now() - s);
    }
  }
}
client.release();

console.log('one client:            p50        p99');
console.log(`  relevance queries ${pct(rel, 50).toFixed(2).padStart(7)} ms ${pct(rel, 99).toFixed(2).padStart(7)} ms`);
console.log(`  prefixes          ${pct(prefix, 50).toFixed(2).padStart(7)} ms ${pct(prefix, 99).toFixed(2).padStart(7)} ms`);

// Throughput: CONCURRENCY clients replaying the relevance queries for LOAD_SECONDS; the database's CPU is the limit.
const loadTimes = [];
const until = performance.now() + LOAD_SECONDS * 1000;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async (_, w) => {
    const c = await pool.connect();
    for (let i = w; performance.now() < until; i++) {
      const [locale, text] = workload[i % workload.length];
      const s = performance.now();
      await run(c, locale, text);
      loadTimes.push(performance.now() - s);
    }
    c.release();
  }),
);
console.log(
  `  ${CONCURRENCY} clients for ${LOAD_SECONDS} s: ${(loadTimes.length / LOAD_SECONDS).toFixed(0)} queries/s, p50 ${pct(loadTimes, 50).toFixed(2)} ms, p99 ${pct(loadTimes, 99).toFixed(2)} ms`,
);

console.log('\nrelevance set        cases  recall@10    MRR');
for (const kind of [...new Set(scores.map((s) => s.kind)), 'all']) {
  const of = kind === 'all' ? scores : scores.filter((s) => s.kind === kind);
  console.log(
    `  ${kind.padEnd(18)} ${String(of.length).padStart(5)}  ${mean(of.map((s) => s.recall))
      .toFixed(3)
      .padStart(9)}  ${mean(of.map((s) => s.rr))
      .toFixed(3)
      .padStart(5)}`,
  );
}
for (const s of scores.filter((s) => s.recall < 1))
  console.log(`  below 1: ${s.locale ?? ''} ${s.kind} "${s.query}" recall ${s.recall.toFixed(2)}`);
await pool.end();
