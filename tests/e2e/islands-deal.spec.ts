import { expect, test, type Page } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven } from './islands-fixtures.ts';

const sv = origin('sv');
const NOW = new Date('2026-06-01T12:00:00Z').getTime();
const deal = (starts: number, expires: number) => ({
  title: 'Veckans deal',
  product_name: 'Dammsugarfilter',
  product_slug: 'dammsugarfilter',
  discount: 20,
  starts_at: new Date(starts).toISOString(),
  expires_at: new Date(expires).toISOString(),
});

async function withDeal(page: Page, body: unknown) {
  await consentGiven(page, sv);
  await page.clock.install({ time: NOW });
  await page.route('**/api/current-deal**', (r) => r.fulfill({ json: body }));
}

test('counts down hh:mm:ss while live and links to the product', async ({ page }) => {
  await withDeal(page, deal(NOW - 3600_000, NOW + 2 * 3600_000 + 5 * 60_000 + 7_000));
  await page.goto(sv + '/');
  const banner = page.getByTestId('deal-banner');
  await expect(banner).toBeVisible();
  const clock = page.getByTestId('deal-countdown');
  await expect(clock).toHaveText(/^02:05:0\d$/);
  await expect(banner.locator('a')).toHaveAttribute('href', '/produkt/dammsugarfilter');
  const secs = async () => {
    const [h, m, s] = (await clock.textContent())!.split(':').map(Number);
    return h * 3600 + m * 60 + s;
  };
  const before = await secs();
  await page.clock.runFor(3000);
  expect(before - (await secs())).toBeGreaterThanOrEqual(3);
});

test('not shown before starts_at or after expires_at', async ({ page }) => {
  await withDeal(page, deal(NOW + 60_000, NOW + 3600_000));
  await page.goto(sv + '/');
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(1000);
  await expect(page.getByTestId('deal-banner')).toHaveCount(0);
  await page.unroute('**/api/current-deal**');
  await page.route('**/api/current-deal**', (r) => r.fulfill({ json: deal(NOW - 7200_000, NOW - 60_000) }));
  await page.reload();
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(1000);
  await expect(page.getByTestId('deal-banner')).toHaveCount(0);
});

test('pauses while the tab is hidden, re-syncs when visible, stops at zero', async ({ page }) => {
  await withDeal(page, deal(NOW - 3600_000, NOW + 30_000));
  await page.goto(sv + '/');
  const clock = page.getByTestId('deal-countdown');
  await expect(clock).toHaveText(/^00:00:[0-3]\d$/);
  const secs = async () => Number((await clock.textContent())!.split(':')[2]);
  const setHidden = (hidden: boolean) =>
    page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await setHidden(true);
  const shown = await clock.textContent();
  await page.clock.runFor(4000);
  expect(await clock.textContent()).toBe(shown); // paused: no ticks while hidden
  const before = Number(shown!.split(':')[2]);
  await setHidden(false);
  expect(before - (await secs())).toBeGreaterThanOrEqual(4); // re-synced from the clock, not resumed
  await page.clock.runFor(60_000);
  await expect(clock).toHaveText('00:00:00');
  await page.clock.runFor(5_000);
  await expect(clock).toHaveText('00:00:00');
});

test('the real current-deal API drives the banner', async ({ page }) => {
  await consentGiven(page, sv);
  await page.goto(sv + '/');
  await expect(page.getByTestId('deal-banner')).toBeVisible();
  await expect(page.getByTestId('deal-countdown')).toHaveText(/^\d{2,}:\d{2}:\d{2}$/);
});
