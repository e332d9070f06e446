import { expect, test, type Page } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { watchErrors } from './islands-fixtures.ts';

const sv = origin('sv');
type Entry = Record<string, unknown> | unknown[];
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((e) =>
      typeof e === 'object' && e && 'length' in (e as object) ? Array.from(e as ArrayLike<unknown>) : e,
    ),
  ) as Promise<Entry[]>;
const consentCookie = async (page: Page) => (await page.context().cookies(sv)).find((c) => c.name === '__consent');

test('first visit: bar with intro, settings and reject; Consent Mode defaults to denied before anything else', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(sv + '/');
  const bar = page.getByTestId('consent-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('consent-save')).toHaveText('Endast nödvändiga'); // the reject option
  await expect(page.getByTestId('consent-settings-open')).toBeVisible();
  await expect(page.getByTestId('consent-accept-all')).toBeVisible();
  const first = (await dataLayer(page))[0] as unknown[];
  expect(first.slice(0, 2)).toEqual(['consent', 'default']);
  expect(first[2]).toMatchObject({
    ad_storage: 'denied',
    analytics_storage: 'denied',
    ad_personalization: 'denied',
    ad_user_data: 'denied',
  });
  // the consent script is the first script of the document
  const firstScript = await page.evaluate(() => document.head.querySelector('script')?.textContent ?? '');
  expect(firstScript).toContain("'consent', 'default'");
  expect(await consentCookie(page)).toBeUndefined();
  expect(errors).toEqual([]);
});

test('allow all grants every flag for 30 days and closes; a reload applies it silently', async ({ page }) => {
  await page.goto(sv + '/');
  await page.getByTestId('consent-accept-all').click();
  await expect(page.getByTestId('consent-bar')).toBeHidden();
  const c = await consentCookie(page);
  expect(c?.value).toBe('31');
  const days = (c!.expires - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
  const update = (await dataLayer(page)).find((e) => Array.isArray(e) && e[1] === 'update') as unknown[];
  expect(update[2]).toEqual({
    ad_storage: 'granted',
    analytics_storage: 'granted',
    ad_personalization: 'granted',
    ad_user_data: 'granted',
  });
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('consent-bar')).toHaveCount(0);
  const after = (await dataLayer(page)).find((e) => Array.isArray(e) && e[1] === 'update') as unknown[];
  expect(after[2]).toMatchObject({ analytics_storage: 'granted' });
});

test('reject on the first layer keeps only Necessary, for 1 day', async ({ page }) => {
  await page.goto(sv + '/');
  await page.getByTestId('consent-save').click();
  await expect(page.getByTestId('consent-bar')).toBeHidden();
  const c = await consentCookie(page);
  expect(c?.value).toBe('1');
  const days = (c!.expires - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(0.9);
  expect(days).toBeLessThanOrEqual(1);
});

test('settings: saving includes Necessary plus the ticked flags; personalization also grants user data', async ({ page }) => {
  await page.goto(sv + '/');
  await page.getByTestId('consent-settings-open').click();
  await expect(page.getByTestId('consent-settings')).toBeVisible();
  await expect(page.getByTestId('consent-save')).toHaveText('Spara val');
  await page.getByTestId('consent-analyticsStorage').check();
  await page.getByTestId('consent-adPersonalization').check();
  await page.getByTestId('consent-save').click();
  await expect(page.getByTestId('consent-bar')).toBeHidden();
  expect((await consentCookie(page))?.value).toBe(String(1 + 4 + 8 + 16));
  const update = (await dataLayer(page)).find((e) => Array.isArray(e) && e[1] === 'update') as unknown[];
  expect(update[2]).toEqual({ ad_storage: 'denied', analytics_storage: 'granted', ad_personalization: 'granted', ad_user_data: 'granted' });
});

test('the intro text comes from the cookie-alert widget', async ({ page }) => {
  await page.goto(sv + '/');
  await expect(page.getByTestId('consent-bar')).toContainText('Vi använder kakor för att butiken ska fungera');
});
