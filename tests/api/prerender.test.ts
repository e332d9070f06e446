/**
 * A hovered catalogue link is prerendered, and the prerendered page does nothing a visit does until it is shown
 * (docs/adr/0028-client-navigation.md, docs/product/client-state.md#prefetch). Chromium prerenders only without
 * DevTools attached, so this drives Debian's Chromium as a plain process (tests/support/plain-chromium.ts).
 */
import { describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { runPlainChromium } from '#tests/support/plain-chromium.ts';
import { port } from './api-support.ts';

const PROXY_PORT = Number(port) + 37; // the proxy in front of the API test server

/** Runs in every page (as `(driver)()`); browser code only, serialised by the test. */
function driver(): void {
  const ask = (what: string, body?: unknown) =>
    fetch(`/__drive/${what}`, { method: 'POST', body: JSON.stringify(body ?? {}) }).then(
      (r) => r.json() as Promise<Record<string, unknown>>,
    );
  const state = () => fetch('/__drive/state').then((r) => r.json() as Promise<{ reports: { kind: string }[] }>);
  const later = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const violations: string[] = [];
  document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  const product = location.pathname.startsWith('/produkt/');
  const snapshot = () => ({
    path: location.pathname,
    islands: document.documentElement.dataset.islands ?? null,
    visited: (localStorage.getItem('td02:history') ?? '').includes(`"target":"${location.pathname}"`),
    recentlyViewed: (localStorage.getItem('td02:history') ?? '').includes(`"url":"${location.pathname}"`),
    cartCount: document.querySelector('[data-testid="cart-count"]')?.textContent?.trim() ?? null,
    accessories: document.querySelector('[data-accessories]') !== null,
  });
  const shown = async () => {
    await later(1500);
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { activationStart: number };
    await ask('report', { kind: 'shown', activationStart: nav.activationStart, violations, ...snapshot() });
    await ask('next');
  };
  if (product && (document as Document & { prerendering?: boolean }).prerendering) {
    addEventListener('load', () => {
      void later(800).then(() => ask('report', { kind: 'while-prerendering', ...snapshot() }));
    });
    document.addEventListener('prerenderingchange', () => void shown(), { once: true });
    return;
  }
  const run = async () => {
    await later(300);
    const consent = document.querySelector<HTMLElement>('[data-testid="consent-accept-all"]');
    if (consent?.offsetParent) consent.click(); // statistics consent: exposures and page views would be sent
    if (product) return void shown(); // not prerendered: reported as such
    const step = await ask('next');
    if (typeof step.goto === 'string') return void location.assign(step.goto);
    if (!step.prerender) return;
    const cards = document.querySelectorAll('[data-testid="product-card"]');
    const link = cards[0]!.querySelector<HTMLAnchorElement>('[data-testid="product-link"]')!;
    link.focus(); // as a hover does: the page's prefetch adds the rules after 80 ms
    for (let i = 0; i < 100 && !(await state()).reports.some((r) => r.kind === 'while-prerendering'); i++) await later(100);
    // the cart changes on this page after the next one was prerendered: the next one must show it
    cards[1]!.querySelector<HTMLButtonElement>('[data-testid="add-to-cart"]')!.click();
    for (let i = 0; i < 50 && snapshot().cartCount !== '1'; i++) await later(100);
    await ask('report', { kind: 'category', violations, ...snapshot() });
    link.click();
  };
  if (document.readyState === 'complete') void run();
  else addEventListener('load', () => void run(), { once: true });
}

/** A category page of the test catalogue with at least two products. */
async function categoryWithTwoProducts(): Promise<string> {
  const home = (await request(`http://sv.localhost:${port}/`)).body;
  for (const [, path] of home.matchAll(/href="(\/kategori\/[^"#?]+)"/g)) {
    const page = (await request(`http://sv.localhost:${port}${path}`)).body;
    if ((page.match(/data-testid="product-card"/g) ?? []).length >= 2) return path!;
  }
  throw new Error('no category page with two products');
}

describe('prerendering a hovered link', () => {
  it('shows the finished page on the click, with the cart as it is then, and counts the visit only when shown', async () => {
    const category = await categoryWithTwoProducts();
    const run = await runPlainChromium({
      port: PROXY_PORT,
      upstreamPort: Number(port),
      host: 'sv.localhost',
      startPath: '/?recommendation_provider=external', // kept for the tab: the accessories ask the external provider
      driver: driver.toString(),
      steps: [{ goto: category }, { prerender: true }],
      timeoutMs: 40_000,
    });
    const detail = JSON.stringify(run, null, 1);
    expect(run.how, detail).toBe('done');
    const during = run.reports.find((r) => r.kind === 'while-prerendering');
    const onCategory = run.reports.find((r) => r.kind === 'category');
    const shown = run.reports.find((r) => r.kind === 'shown');
    // the page was fetched once ahead (the rules' prefetch, which the prerender took), fresh for the click, and
    // prerendered: its files were asked for as a prerender, and it was shown by activation
    expect(shown?.activationStart, detail).toBeGreaterThan(0);
    const productPath = String(shown?.path);
    const pageRequests = run.requests.filter((r) => r.path === productPath);
    expect(
      pageRequests.map((r) => [r.secPurpose, r.cacheControl]),
      detail,
    ).toEqual([['prefetch', 'public, max-age=10']]);
    expect(
      run.requests.some((r) => r.path.startsWith('/_astro/') && r.secPurpose === 'prefetch;prerender'),
      detail,
    ).toBe(true);
    // while hidden: the page was drawn (the deal banner read) but no visit happened — no breadcrumb, no product view,
    // no experiment, tracking or social-proof call — and nothing was written
    expect(during, detail).toMatchObject({ islands: null, visited: false, recentlyViewed: false });
    expect(
      run.requests.filter((r) => r.path.startsWith('/api/') && r.secPurpose.includes('prerender')).map((r) => `${r.method} ${r.path}`),
      detail,
    ).toEqual(['GET /api/current-deal?locale=sv&sid=1']);
    // shown: the page script ran, the visit counted, the cart line added after the prerender shows
    expect(onCategory, detail).toMatchObject({ cartCount: '1' });
    expect(shown, detail).toMatchObject({ islands: 'ready', visited: true, recentlyViewed: true, cartCount: '1' });
    // the external recommendations are asked for once the page is shown, never while hidden
    expect(shown, detail).toMatchObject({ accessories: true });
    const asked = run.requests.filter((r) => r.path.startsWith('/api/recommendations?') && r.path.includes(`sku=`));
    expect(
      asked.map((r) => r.secPurpose),
      detail,
    ).toContain('');
    expect(
      asked.some((r) => r.secPurpose.includes('prerender')),
      detail,
    ).toBe(false);
    // the speculation rules the page adds are allowed by its CSP: no report on either page
    expect([onCategory?.violations, shown?.violations], detail).toEqual([[], []]);
  }, 60_000);
});
