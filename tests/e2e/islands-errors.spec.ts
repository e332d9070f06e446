import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, hydrated } from './islands-fixtures.ts';

const sv = origin('sv');
test.beforeEach(async ({ page }) => consentGiven(page, sv));

test('unhandled client errors are posted to /captuerr', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/captuerr' && r.request().method() === 'POST');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom from a test');
    });
  });
  const response = await answered;
  // The report carries the storefront's locale and sid like every call, and the server accepts it.
  expect(new URL(response.url()).searchParams.get('locale')).toBe('sv');
  expect(response.status()).toBe(204);
  const body = response.request().postDataJSON() as { error: string; url: string; userAgent: string; level: string };
  expect(body.error).toContain('boom from a test');
  expect(body).toMatchObject({ level: 'error', url: sv + '/' });
  expect(body.userAgent).toContain('Chrome');
});

test('a failed island chunk reloads the page, at most once per 60 seconds', async ({ page }) => {
  await page.route('**/_astro/lazy-mount*.js', (r) => r.abort());
  await page.goto(sv + '/');
  await hydrated(page);
  let loads = 0;
  page.on('load', () => loads++);
  await page.getByTestId('minicart-open').click();
  await expect.poll(() => loads).toBe(1);
  await hydrated(page);
  await page.getByTestId('minicart-open').click();
  await page.waitForTimeout(1000);
  expect(loads).toBe(1);
});
