// `npm run bench:next-page` (build: PARTSFRONT_BUILD_DIR or as bench/find-build.mjs finds it): the LCP of the NEXT page — a product page opened from a category
// page — in Debian's Chromium, by how the shop could get it ready (docs/adr/0028-client-navigation.md):
//   cold       the link is followed without hovering first (nothing fetched ahead);
//   shipped    the link is hovered as a shopper would, the page's own prefetch (src/islands/dom/prefetch.ts) fetches
//              it, then it is clicked;
//   prerender  the alternative ADR 0028 weighed: speculation rules (document rules for the same links, eagerness
//              moderate) added to each page, with their hash in its CSP, by a small proxy here. Chromium refuses
//              to prerender while DevTools (here: Playwright) is attached, so this row reports that reason
//              (PrerenderingDisabledByDevTools) instead of a figure for as long as it does.
// Each on a fast local network and on an emulated 4G link (RTT 150 ms, 9 Mbit/s down), ROUNDS products each;
// prints median and p75 LCP in ms from the click's navigation start (prerendered: from activation).
// Goal (issue 29): ≤ 100 ms for a prefetched product page. Serves it on BENCH_PORT.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { chromium } from 'playwright';
import { request } from '#tests/support/http.ts';
import { startServer } from '#tests/support/server.ts';
import { findBuildDir } from './find-build.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4498);
const ROUNDS = Number(process.env.ROUNDS ?? 12);
const MODES = (process.env.MODES ?? 'cold,shipped,prerender').split(',');
const buildDir = findBuildDir();
const dbFile =
  fs.existsSync('.cache/test/catalogue.db') && buildDir.includes('.cache/test')
    ? 'sqlite:.cache/test/catalogue.db'
    : (process.env.DATABASE_URL ?? '');
const server = await startServer({ port: PORT, databaseUrl: dbFile, buildDir });
process.on('exit', () => void server.stop());

// The prerender alternative: every HTML page gets document speculation rules for the prefetchable links.
const PROXY_PORT = PORT + 1;
const RULES = JSON.stringify({
  prerender: [{ source: 'document', where: { selector_matches: 'a[data-testid="product-link"]' }, eagerness: 'moderate' }],
});
const RULES_HASH = `sha256-${crypto.createHash('sha256').update(RULES).digest('base64')}`;
const proxy = http
  .createServer((req, res) => {
    const up = http.request(
      { host: '127.0.0.1', port: PORT, path: req.url, method: req.method, headers: { ...req.headers, 'accept-encoding': 'identity' } },
      (r) => {
        const headers = { ...r.headers };
        if (!String(headers['content-type']).startsWith('text/html')) {
          res.writeHead(r.statusCode, headers);
          return void r.pipe(res);
        }
        let body = '';
        r.setEncoding('utf8').on('data', (d) => (body += d));
        r.on('end', () => {
          body = body.replace('</head>', `<script type="speculationrules">${RULES}</script></head>`);
          headers['content-security-policy'] = String(headers['content-security-policy']).replace(
            'script-src',
            `script-src '${RULES_HASH}'`,
          );
          delete headers['content-length'];
          delete headers.etag;
          res.writeHead(r.statusCode, headers);
          res.end(body);
        });
      },
    );
    req.pipe(up);
  })
  .listen(PROXY_PORT, '127.0.0.1');

const origin = `http://sv.localhost:${PORT}`;
const proxyOrigin = `http://sv.localhost:${PROXY_PORT}`;
const home = (await request(`${origin}/`)).body;
const categories = [...new Set([...home.matchAll(/href="(\/kategori\/[^"#?]+)"/g)].map((m) => m[1]))];

const NETWORKS = {
  local: null,
  '4g': { offline: false, latency: 150, downloadThroughput: (9 * 1024 * 1024) / 8, uploadThroughput: (1.5 * 1024 * 1024) / 8 },
};

/** LCP of the page now shown, from its navigation start or, when it was prerendered, from its activation. */
const lcpOfShownPage = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const nav = performance.getEntriesByType('navigation')[0];
          const start = nav?.activationStart ?? 0;
          resolve(Math.max(0, entries[entries.length - 1].startTime - start));
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

/** Prerendering the link's page on hover (the alternative): 'Ready', or why Chromium would not. */
async function prerenderOnHover(cdp, link) {
  const settled = new Promise((resolve) =>
    cdp.on('Preload.prerenderStatusUpdated', (e) => {
      if (e.status === 'Ready') resolve('Ready');
      else if (e.status === 'Failure') resolve(e.prerenderStatus);
    }),
  );
  await link.hover();
  return Promise.race([settled, new Promise((resolve) => setTimeout(() => resolve('no attempt within 10 s'), 10_000))]);
}

/** One navigation from a category page to its first product; its LCP, or why it could not be measured. */
async function oneRound(context, mode, network, category) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (NETWORKS[network]) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORKS[network]);
  }
  if (mode === 'prerender') await cdp.send('Preload.enable');
  await page.goto(`${mode === 'prerender' ? proxyOrigin : origin}${category}`, { waitUntil: 'load' });
  const link = page.locator('[data-testid="product-link"]').first();
  const href = await link.getAttribute('href');
  try {
    if (mode === 'shipped') {
      const fetched = page.waitForResponse((r) => r.url().endsWith(href), { timeout: 10_000 });
      await link.hover();
      await fetched;
    } else if (mode === 'prerender') {
      const status = await prerenderOnHover(cdp, link);
      if (status !== 'Ready') return { failure: status };
    }
    if (mode === 'cold') await page.evaluate((url) => globalThis.location.assign(url), href);
    else await link.click();
    await page.waitForURL(`**${href}`);
    return { lcp: await lcpOfShownPage(page) };
  } finally {
    await page.close();
  }
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: Math.round(at(0.5)), p75: Math.round(at(0.75)) };
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});
const rows = [];
try {
  for (const network of Object.keys(NETWORKS))
    for (const mode of MODES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      // a shopper browsing on has answered the consent bar: else every page's LCP is that bar, drawn by script
      const first = await context.newPage();
      await first.goto(`${mode === 'prerender' ? proxyOrigin : origin}/`);
      await first.getByTestId('consent-accept-all').click();
      await first.getByTestId('consent-bar').waitFor({ state: 'hidden' });
      await first.close();
      // one warm-up round: the category page's CSS and fonts in the cache as for a shopper already browsing
      await oneRound(context, mode, network, categories[0]);
      const lcps = [];
      let failure;
      for (let i = 0; i < ROUNDS && !failure; i++) {
        const r = await oneRound(context, mode, network, categories[(i + 1) % categories.length]);
        if (r.failure) failure = r.failure;
        else lcps.push(r.lcp);
      }
      await context.close();
      rows.push(
        failure
          ? { network, mode, median: '-', p75: '-', rounds: 0, note: `not measurable: ${failure}` }
          : { network, mode, ...stats(lcps), rounds: ROUNDS, note: '' },
      );
    }
} finally {
  await browser.close();
  proxy.close();
  await server.stop();
}
console.table(rows);
const shipped = rows.filter((r) => r.mode === 'shipped' && r.rounds);
console.log(
  `next-page LCP of a prefetched product page: ${shipped.map((r) => `${r.network} median ${r.median} ms, p75 ${r.p75} ms`).join('; ')} (goal ≤ 100 ms)`,
);
process.exit(0);
