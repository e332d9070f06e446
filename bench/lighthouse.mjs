// `npm run bench:lighthouse [-- <build dir>]`: Lighthouse (mobile, default simulated throttling) on the home,
// a category, a product and an appliance model page (with its exploded view) of each storefront through Debian's Chromium, printing the performance
// score and CLS per page. Budget (README.md, Measured): performance ≥ 95, CLS 0. Serves the build itself
// (default: the test build .cache/test/build, else builds/current, else dist) on BENCH_PORT (4499).
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { request } from '#tests/support/http.ts';
import { startServer } from '#tests/support/server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4499);
const candidates = [process.argv[2], '.cache/test/build', 'builds/current', 'dist'].filter(Boolean);
const buildDir = candidates.find((d) => fs.existsSync(path.join(d, 'server', 'entry.mjs')));
if (!buildDir) {
  console.error('no build found: run npm test, npm run build or pass a build dir');
  process.exit(1);
}
const dbFile =
  fs.existsSync('.cache/test/catalogue.db') && buildDir.includes('.cache/test')
    ? 'sqlite:.cache/test/catalogue.db'
    : (process.env.DATABASE_URL ?? '');
const locales = (process.env.BENCH_LOCALES ?? 'sv,fi').split(',');

const server = await startServer({ port: PORT, databaseUrl: dbFile, buildDir });
process.on('exit', () => void server.stop());
const get = (host, pathname) => request(`http://${host}:${PORT}${pathname}`);

/** The first model's page in a storefront, from its first model sitemap (model pages are not linked from the home page). */
async function firstModelPath(locale) {
  const sitemap = (await get(`${locale}.localhost`, '/sitemap-models-1.xml')).body;
  const loc = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]).pathname)
    .find((p) => /^\/(modell|model|malli)\//.test(p));
  return loc;
}

// One page of each type per storefront, found through the home page's own links.
const pages = [];
for (const locale of locales) {
  const host = `${locale}.localhost`;
  const home = (await get(host, '/')).body;
  const hrefs = [...home.matchAll(/href="(\/[^"#?]+)"/g)].map((m) => m[1]);
  const category = hrefs.find((h) => /^\/(kategori|kategoria|categorie)\//.test(h));
  const product = hrefs.find((h) => /^\/(produkt|tuote|product)\//.test(h));
  // the first model (prerendered by every build, ADR 0027), with its exploded view
  const model = await firstModelPath(locale);
  for (const [type, p] of [
    ['home', '/'],
    ['category', category],
    ['product', product],
    ['model', model],
  ])
    if (p) pages.push({ locale, type, url: `http://${host}:${PORT}${p}` });
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const rows = [];
try {
  for (const page of pages) {
    const result = await lighthouse(page.url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' });
    const lhr = result.lhr;
    rows.push({
      locale: page.locale,
      type: page.type,
      path: new URL(page.url).pathname.slice(0, 48),
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    });
  }
} finally {
  await chrome.kill();
  await server.stop();
}
console.table(rows);
const worst = Math.min(...rows.map((r) => r.performance));
const maxCls = Math.max(...rows.map((r) => r.cls));
console.log(`worst performance ${worst} (budget ≥ 95), largest CLS ${maxCls} (budget 0)`);
process.exit(0);
