// What `npm run bench:scale` (bench/scale.mjs) asks a running server, on either engine: the server itself (start,
// stop), search at a paced rate over the relevance set and its recall@10 through the API, listing pages 2+ filtered
// and sorted, product pages the build left out. Queries and pages come from the database, never from the build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { LISTING_PAGE_SIZE } from '#lib/catalogue/listing-query.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { flattenCategories, loadCategoryTree } from '#server/catalogue/category-repository.ts';
import { withPartNumbers } from '#tests/support/search-relevance-numbers.ts';
import { RELEVANCE_CASES, resolveCase, scoreCase, TOP } from '#tests/support/search-relevance.ts';
import { pacedLoad } from './paced-load.mjs';

export const pct = (xs, p) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10;
};

/** One request on a storefront's Host: `{ status, text, ms }` (status 0: no answer). */
export function get(port, locale, p, { method = 'GET', body, headers = {} } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      { host: '127.0.0.1', port, path: p, method, headers: { host: `${locale}.localhost:${port}`, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text, ms: performance.now() - started }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, text: String(err), ms: performance.now() - started }));
    if (body !== undefined) req.end(JSON.stringify(body));
    else req.end();
  });
}

/** The server on `port` serving `buildDir`: `{ proc, log(), spawnedAt, readyAt }` once /healthz answers 200. */
export async function startServer({ port, env, buildDir, token }) {
  const spawnedAt = performance.now();
  const proc = spawn(process.execPath, ['--max-semi-space-size=16', 'src/host/index.ts'], {
    // JSON log lines, as in production (the Dockerfile's NODE_ENV=production): the readable format is written
    // synchronously, line by line, on the server's own thread
    env: { LOG_FORMAT: 'json', ...env, HOST: '127.0.0.1', PARTSFRONT_BUILD_DIR: buildDir, PARTSFRONT_OPERATOR_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  proc.stdout.on('data', (d) => (log += d));
  proc.stderr.on('data', (d) => (log += d));
  // a failed run must not leave its server behind
  process.on('exit', () => proc.exitCode === null && proc.kill('SIGTERM'));
  for (const deadline = Date.now() + 120_000; ;) {
    if ((await get(port, 'sv', '/healthz')).status === 200) break;
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${log.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { proc, log: () => log, spawnedAt, readyAt: performance.now() };
}

export async function stopServer(server) {
  if (server.proc.exitCode !== null) return;
  server.proc.kill('SIGTERM');
  await new Promise((r) => server.proc.on('exit', r));
}

export const searchPath = (locale, text, limit) =>
  `/api/products?locale=${locale}&sid=${LOCALES[locale].storeID}&query=${encodeURIComponent(text)}${limit ? `&limit=${limit}` : ''}`;

/** The relevance set resolved on this catalogue (tests/support/search-relevance.ts), one storefront at a time. */
export async function relevanceCases(db) {
  const out = [];
  for (const locale of LOCALE_CODES) {
    const rows = await localizedProducts(db, locale)
      .leftJoin('brands as b', 'b.id', 'p.brand_id')
      .select(['p.id', 'p.sku', 't.name', 'b.name as brand'])
      .execute();
    const products = await withPartNumbers(db, rows);
    for (const c of RELEVANCE_CASES.filter((x) => x.locale === locale)) out.push({ case: c, resolved: resolveCase(c, products) });
  }
  return out;
}

/**
 * `/api/products` at an even `rate` for `seconds` over the relevance set's queries and the prefixes a shopper types
 * on the way to them (≥ 3 characters), every storefront on its own Host.
 */
export async function searchLoad(port, cases, rate, seconds) {
  const queries = [];
  for (const { case: c, resolved } of cases) {
    if (!resolved) continue;
    queries.push([c.locale, resolved.text]);
    for (let n = 3; n < resolved.text.length; n += 2) queries.push([c.locale, resolved.text.slice(0, n)]);
  }
  let i = 0;
  return pacedLoad({
    port,
    host: 'sv.localhost',
    rate,
    seconds,
    next: () => {
      const [locale, text] = queries[i++ % queries.length];
      return { method: 'GET', path: searchPath(locale, text), host: `${locale}.localhost:${port}` };
    },
  });
}

/** recall@10 and MRR of the relevance set through the API, one query at a time; cases the catalogue cannot resolve count 0. */
export async function recallOverHttp(port, cases) {
  const scores = [];
  for (const { case: c, resolved } of cases) {
    if (!resolved || resolved.relevant_skus.size === 0) {
      scores.push({ recall: 0, rr: 0, query: c.query, locale: c.locale, unresolved: true });
      continue;
    }
    const r = await get(port, c.locale, searchPath(c.locale, resolved.text, TOP));
    const skus = r.status === 200 ? JSON.parse(r.text).products.map((p) => p.sku) : [];
    scores.push({ ...scoreCase(skus, resolved.relevant_skus), query: resolved.text, locale: c.locale });
  }
  const mean = (list, k) => list.reduce((s, x) => s + x[k], 0) / list.length;
  // a catalogue without part numbers (the streamed demo before 2026-11-27) cannot resolve the number cases
  const resolvable = scores.filter((s) => !s.unresolved);
  return {
    cases: scores.length,
    resolvable: resolvable.length,
    recall: mean(scores, 'recall'),
    mrr: mean(scores, 'rr'),
    recallResolvable: mean(resolvable, 'recall'),
    below: scores.filter((s) => s.recall < 1),
  };
}

/**
 * Listing pages 2+ with a filter and a sort, over the largest categories of every storefront (their products counted
 * by SQL, descendants included roughly: a category's own products plus its children's): page 2 and 3 in each sort,
 * in stock only, and the category's commonest brand.
 */
export async function listingUrls(db, perLocale = 5) {
  const own = new Map(
    (
      await db
        .selectFrom('product_categories')
        .select(['category_id', (eb) => eb.fn.countAll().as('n')])
        .groupBy('category_id')
        .execute()
    ).map((r) => [r.category_id, Number(r.n)]),
  );
  const urls = [];
  for (const locale of LOCALE_CODES) {
    const all = flattenCategories(await loadCategoryTree(db, locale));
    const size = (c) => (own.get(c.id) ?? 0) + c.children.reduce((s, x) => s + size(x), 0);
    const largest = all
      .map((c) => ({ c, n: size(c) }))
      .filter((x) => x.n >= 4 * LISTING_PAGE_SIZE)
      .sort((a, b) => b.n - a.n)
      .slice(0, perLocale);
    for (const { c } of largest) {
      const brand = await db
        .selectFrom('product_categories as pc')
        .innerJoin('products as p', 'p.id', 'pc.product_id')
        .innerJoin('brands as b', 'b.id', 'p.brand_id')
        .where('pc.category_id', 'in', [c.id, ...c.children.map((x) => x.id)])
        .select(['b.slug', (eb) => eb.fn.countAll().as('n')])
        .groupBy('b.slug')
        .orderBy('n', 'desc')
        .limit(1)
        .executeTakeFirst();
      const page = (n, query) => `${pathFor('product-category-all-page', locale, { all: c.path.join('/'), page: String(n) })}?${query}`;
      urls.push(
        [locale, page(2, 'sort=price-asc')],
        [locale, page(3, 'sort=price-desc&stock=in-stock')],
        [locale, page(2, 'sort=name&stock=in-stock')],
        ...(brand ? [[locale, page(2, `brand=${brand.slug}&sort=price-asc`)]] : []),
      );
    }
  }
  return urls;
}

/**
 * Each storefront's first listing request (its listing index loads), a settle, then `requests` listing pages one at a time (the
 * page's own cost, as bench:listing measures it, not a queue on a shared machine); null when no category is large
 * enough for a page 2 (a small catalogue).
 */
export async function listingLoad(port, urls, requests = 300) {
  if (!urls.length) return null;
  const firstMs = [];
  for (const locale of LOCALE_CODES) {
    const u = urls.find(([l]) => l === locale);
    if (u) firstMs.push((await get(port, locale, u[1])).ms);
  }
  // the settle the warm-up gets (BENCH_SETTLE_MS): the loads' garbage (1,000,000 rows per storefront at scale) is
  // collected before the pages are timed, so they measure a page, not the seconds after a restart (`firstMs` does)
  await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_MS ?? 5000)));
  const ms = [];
  const statuses = {};
  for (let i = 0; i < requests; i++) {
    const [locale, p] = urls[i % urls.length];
    const r = await get(port, locale, p);
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    ms.push(r.ms);
  }
  return {
    n: ms.length,
    p50: pct(ms, 50),
    p99: pct(ms, 99),
    failed: ms.length - (statuses[200] ?? 0),
    firstMs,
    statuses,
    distinctUrls: urls.length,
  };
}

/**
 * `count` product pages the build left out, spread over every storefront and the id range: each one's first request
 * (rendered and kept) and a second one.
 */
export async function leftOutPages(db, port, buildDir, count) {
  const perLocale = Math.ceil(count / LOCALE_CODES.length);
  // the pages are chosen first: the storefronts' rows (1,000,000 each at scale) are gone before the clock runs, so
  // this process's own garbage collection does not land in the figures
  const pages = [];
  for (const locale of LOCALE_CODES) {
    const rows = await localizedProducts(db, locale).select(['p.id', 't.slug']).orderBy('p.id').execute();
    const file = (slug) => path.join(buildDir, 'client', locale, 'product', slug, 'index.html');
    const left = rows.filter((r) => !fs.existsSync(file(r.slug)));
    const step = Math.max(1, Math.floor(left.length / perLocale));
    for (const r of left.filter((_, i) => i % step === 0).slice(0, perLocale))
      pages.push([locale, pathFor('product', locale, { slug: r.slug })]);
  }
  const firstMs = [];
  const againMs = [];
  const failed = [];
  for (const [locale, p] of pages) {
    const first = await get(port, locale, p);
    // a replaced product no longer sold answers with a redirect to its successor: no page of its own
    if (first.status !== 200 && first.status !== 301) failed.push(`${locale} ${p}: ${first.status}`);
    firstMs.push(first.ms);
    againMs.push((await get(port, locale, p)).ms);
  }
  return { n: firstMs.length, firstMs, againMs, failed };
}
