/**
 * Client navigation (docs/adr/0028-client-navigation.md): prefetch on hover or focus of catalogue links only,
 * never on data saver or 2g (the prerender that follows in Chromium is refused under DevTools: tests/api/prerender.test.ts); the navigation progress bar after 200 ms, growing over 5000 ms, still under
 * reduced motion.
 */
import { expect, test, type CDPSession, type Page, type Response } from '@playwright/test';
import { NAV_PROGRESS_THROTTLE_MS } from '#lib/page-behaviour/nav-progress.ts';
import { PREFETCH_HOVER_MS, PRERENDER_ATTRIBUTE } from '#lib/page-behaviour/prefetch-rules.ts';
import { seriousAxe } from './a11y-fixtures.ts';

const isPrefetch = (r: Response, path: string) =>
  new URL(r.url()).pathname === path && (r.request().headers()['sec-purpose'] ?? '').includes('prefetch');

/** A category page with its islands running; the first product link on it. */
async function categoryPage(page: Page): Promise<{ href: string; name: string }> {
  await page.goto('/');
  const category = await page.locator('a[href^="/kategori/"]').first().getAttribute('href');
  await page.goto(category!);
  await expect(page.locator('html')).toHaveAttribute('data-islands', 'ready');
  const link = page.getByTestId('product-link').first();
  return { href: (await link.getAttribute('href'))!, name: (await link.textContent())!.trim() };
}

/**
 * Pages this page has asked for ahead so far: the links it marked for its speculation rules (Chromium) and its
 * <link rel=prefetch> elements (other browsers).
 */
const prefetchLinks = (page: Page) =>
  page
    .locator(`a[${PRERENDER_ATTRIBUTE}], link[rel="prefetch"]`)
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLAnchorElement | HTMLLinkElement).href).pathname));

test.describe('prefetch', () => {
  test('hovering a product link fetches its page ahead, and the click shows that page without asking the server again', async ({
    page,
  }) => {
    const { href, name } = await categoryPage(page);
    const prefetched = page.waitForResponse((r) => isPrefetch(r, href));
    await page.getByTestId('product-link').first().hover();
    const response = await prefetched;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(response.headers()['cache-control']).toBe('public, max-age=10');

    await page.getByTestId('product-link').first().click();
    await expect(page.locator('h1')).toHaveText(name);
    // the page the click shows is the one fetched ahead (Chromium's speculation-rules prefetch), not asked again
    const delivery = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType: string }).deliveryType,
    );
    expect(delivery).toBe('navigational-prefetch');
  });

  test('focusing a link from the keyboard prefetches it too', async ({ page }) => {
    const { href } = await categoryPage(page);
    const prefetched = page.waitForResponse((r) => isPrefetch(r, href));
    await page.getByTestId('product-link').first().focus();
    expect((await prefetched).status()).toBe(200);
  });

  test('links to checkout, account and search results are never prefetched; a product link on the same page is', async ({ page }) => {
    const { href } = await categoryPage(page);
    const serverLinks = page.locator('a[href^="/checkout"], a[href^="/my-account"], a[href^="/sok"], a[href^="/track-order"]');
    expect(await serverLinks.count()).toBeGreaterThan(0);
    for (const link of await serverLinks.all()) if (await link.isVisible()) await link.hover();
    await page.waitForTimeout(PREFETCH_HOVER_MS * 4);
    expect(await prefetchLinks(page)).toEqual([]);

    const prefetched = page.waitForResponse((r) => isPrefetch(r, href));
    await page.getByTestId('product-link').first().hover();
    expect((await prefetched).status()).toBe(200);
    expect(await prefetchLinks(page)).toEqual([href]);
  });

  for (const [label, slow] of [
    ['data saver', (cdp: CDPSession) => cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true })],
    [
      '2g',
      async (cdp: CDPSession) => {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 1500,
          downloadThroughput: 30_000,
          uploadThroughput: 30_000,
        });
      },
    ],
  ] as const)
    test(`on ${label} hovering prefetches nothing; back on a fast connection it does`, async ({ page }) => {
      const { href } = await categoryPage(page);
      const cdp = await page.context().newCDPSession(page);
      await slow(cdp);
      // what the page's own check reads: data saver on, or an effective type of 2g
      const connection = await page.evaluate(() => {
        const c = (navigator as Navigator & { connection: { saveData: boolean; effectiveType: string } }).connection;
        return `${c.saveData ? 'save-data ' : ''}${c.effectiveType}`;
      });
      expect(connection).toMatch(label === 'data saver' ? /^save-data / : /^(slow-)?2g$/);
      await page.getByTestId('product-link').first().hover();
      await page.getByTestId('product-link').first().focus();
      await page.waitForTimeout(PREFETCH_HOVER_MS * 4);
      expect(await prefetchLinks(page)).toEqual([]);

      await cdp.send('Emulation.setDataSaverOverride', {});
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await page.mouse.move(0, 0);
      const prefetched = page.waitForResponse((r) => isPrefetch(r, href));
      await page.getByTestId('product-link').first().hover();
      expect((await prefetched).status()).toBe(200);
    });
});

test.describe('navigation progress bar', () => {
  /** Holds the answer for `path` until the returned release is called. */
  async function holdPage(page: Page, path: string): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route(
      (url) => url.pathname === path,
      async (route) => {
        await released;
        await route.continue();
      },
    );
    return release;
  }

  /**
   * Every page notes, in its own clock, when a navigation away started, when its bar showed (with its role, name,
   * height and transition then, and how far it had grown a second later) and when it was left; kept in the tab's
   * session storage for the next page to read. (While a navigation is pending Playwright cannot evaluate in the
   * page, so the page records what it showed.)
   */
  async function recordBar(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const times: Record<string, unknown> = {};
      (window as unknown as { navigation: EventTarget }).navigation.addEventListener(
        'navigate',
        () => (times.navigateAt ??= performance.now()),
      );
      addEventListener('pagehide', () => {
        times.leftAt = performance.now();
        sessionStorage.setItem('test:bar', JSON.stringify(times));
      });
      addEventListener('DOMContentLoaded', () => {
        const bar = document.querySelector<HTMLElement>('[data-testid="nav-progress"]')!;
        const inner = bar.firstElementChild!;
        const scaleX = () => new DOMMatrix(getComputedStyle(inner).transform).a;
        new MutationObserver(() => {
          if (bar.hidden || times.shownAt !== undefined) return;
          times.shownAt = performance.now();
          times.role = bar.getAttribute('role');
          times.label = bar.getAttribute('aria-label');
          times.height = bar.getBoundingClientRect().height;
          times.transition = getComputedStyle(inner).transitionDuration;
          setTimeout(() => (times.grownAfter1s = scaleX()), 1000);
        }).observe(bar, { attributes: true });
      });
    });
  }
  interface BarRecord {
    navigateAt: number;
    leftAt: number;
    shownAt?: number;
    role?: string;
    label?: string;
    height?: number;
    transition?: string;
    grownAfter1s?: number;
  }
  const lastBar = async (page: Page) => JSON.parse((await page.evaluate(() => sessionStorage.getItem('test:bar')))!) as BarRecord;

  test('a navigation still loading after 200 ms shows the bar, growing over 5000 ms; the next page arrives without it', async ({
    page,
  }) => {
    await recordBar(page);
    const { href, name } = await categoryPage(page);
    const bar = page.getByTestId('nav-progress');
    await expect(bar).toBeHidden();
    const release = await holdPage(page, href);
    await page.getByTestId('product-link').first().click({ noWaitAfter: true });
    setTimeout(release, 2500);
    await expect(page.locator('h1')).toHaveText(name);
    await expect(page.getByTestId('nav-progress')).toBeHidden();
    const shown = await lastBar(page);
    expect(shown.shownAt! - shown.navigateAt).toBeGreaterThanOrEqual(NAV_PROGRESS_THROTTLE_MS - 1);
    expect(shown).toMatchObject({ role: 'progressbar', label: 'Sidan laddas', height: 3, transition: '5s' });
    // a second into its 5 s it has grown, and is far from its 90 % end
    expect(shown.grownAfter1s).toBeGreaterThan(0.2);
    expect(shown.grownAfter1s).toBeLessThan(0.9);
  });

  test('the bar, shown, passes axe', async ({ page }) => {
    await categoryPage(page);
    await page.getByTestId('nav-progress').evaluate((el) => ((el as HTMLElement).hidden = false));
    await expect(page.getByRole('progressbar', { name: 'Sidan laddas' })).toBeVisible();
    expect(await seriousAxe(page, '[data-testid="nav-progress"]')).toEqual([]);
  });

  test('a navigation that arrives within 200 ms shows no bar', async ({ page }) => {
    await recordBar(page);
    const { href, name } = await categoryPage(page);
    // fetched ahead, so the click finds the page at once
    const prefetched = page.waitForResponse((r) => isPrefetch(r, href));
    await page.getByTestId('product-link').first().hover();
    await prefetched;
    await page.getByTestId('product-link').first().click();
    await expect(page.locator('h1')).toHaveText(name);
    const left = await lastBar(page);
    // within the throttle no bar; a machine slow enough to take longer may show it, but never before 200 ms
    if (left.leftAt - left.navigateAt < NAV_PROGRESS_THROTTLE_MS) expect(left.shownAt).toBeUndefined();
    else if (left.shownAt !== undefined) expect(left.shownAt - left.navigateAt).toBeGreaterThanOrEqual(NAV_PROGRESS_THROTTLE_MS - 1);
  });

  test('with reduced motion the bar shows standing still', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await recordBar(page);
    const { href, name } = await categoryPage(page);
    const release = await holdPage(page, href);
    await page.getByTestId('product-link').first().click({ noWaitAfter: true });
    setTimeout(release, 2500);
    await expect(page.locator('h1')).toHaveText(name);
    expect(await lastBar(page)).toMatchObject({ role: 'progressbar', height: 3, transition: '0s', grownAfter1s: 1 });
  });

  test('a link to a part of the same page shows no bar', async ({ page }) => {
    await categoryPage(page);
    await page.keyboard.press('Tab'); // the skip link: #main on this page
    await expect(page.locator('.skip-link')).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(NAV_PROGRESS_THROTTLE_MS * 2);
    await expect(page).toHaveURL(/#main$/);
    await expect(page.getByTestId('nav-progress')).toBeHidden();
  });
});
