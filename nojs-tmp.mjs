import { chromium } from 'playwright';
import { startServer } from '#tests/support/server.ts';
const server = await startServer({ port: 4497, databaseUrl: 'sqlite:.cache/test/catalogue.db', buildDir: '.cache/test/build' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const js of [true, false]) {
  const ctx = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 1280, height: 800 } });
  await ctx.addCookies([{ name: '__consent', value: '1', domain: 'sv.localhost', path: '/' }]);
  const out = [];
  for (let i = 0; i < 8; i++) {
    const page = await ctx.newPage();
    await page.goto('http://sv.localhost:4497/kategori/vitvaror-kok');
    const href = await page.locator('[data-testid="product-link"]').nth(i).getAttribute('href');
    await page.goto('http://sv.localhost:4497' + href);
    // LCP via a fresh page evaluate works even without page JS (Playwright's own world)
    out.push(await page.evaluate(() => new Promise((r) => new PerformanceObserver((l) => { const n = performance.getEntriesByType('navigation')[0]; const e = l.getEntries().at(-1); r(`${Math.round(e.startTime)} ${e.element?.tagName} (resp ${Math.round(n.responseEnd)}, di ${Math.round(n.domInteractive)}, dcl ${Math.round(n.domContentLoadedEventEnd)})`); }).observe({ type: 'largest-contentful-paint', buffered: true }))));
    await page.close();
  }
  console.log('js', js, out.join('; '));
  await ctx.close();
}
await browser.close(); await server.stop();
