/**
 * Helpers of the back/forward cache spec (docs/product/client-state.md#backforward-cache): Chromium with its
 * bfcache on (Playwright turns it off by default), and what a page saw of its own restores.
 */
import type { Page } from '@playwright/test';
import config from '../../playwright.config.ts';

/** The suite's launch options without Playwright's default `--disable-back-forward-cache`. */
export const withBfcache = {
  launchOptions: { ...config.use?.launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] },
};

/**
 * Records every `pageshow` of every document of the page (`persisted` each time) in `window.__pfShows`, and
 * Chromium's reasons for not restoring a page (CDP Page.backForwardCacheNotUsed), for the failure messages.
 */
export async function watchRestores(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    const w = window as unknown as { __pfShows: boolean[] };
    w.__pfShows = [];
    addEventListener('pageshow', (e) => w.__pfShows.push(e.persisted));
  });
  const reasons: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  cdp.on('Page.backForwardCacheNotUsed', (e) => {
    const flat = e.notRestoredExplanations.map((x) => `${x.type}:${x.reason}`);
    reasons.push(flat.join(', ') || 'unknown');
  });
  return reasons;
}

/** The `persisted` flag of every pageshow this document saw: [false] for a fresh load, [false, true] once restored. */
export const shows = (page: Page): Promise<boolean[]> => page.evaluate(() => (window as unknown as { __pfShows: boolean[] }).__pfShows);

/** The navigation type of the current document (`back_forward` also for a restored one). */
export const navigationType = (page: Page): Promise<string> =>
  page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type);
