import { expect, test } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { TEST_SQLITE_FILE, origin } from '#tests/support/test-env.ts';
import { consentGiven, hydrated } from './islands-fixtures.ts';

const sv = origin('sv');
test.beforeEach(async ({ page }) => consentGiven(page, sv));

/** The stored report (docs/product/api.md#client-error-report): the e2e server writes to the test database. */
async function storedReport(marker: string) {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    return await db
      .selectFrom('client_errors')
      .select(['locale', 'level', 'message', 'url', 'user_agent', 'ip_hash'])
      .where('message', 'like', `%${marker}%`)
      .executeTakeFirst();
  } finally {
    await db.destroy();
  }
}

for (const locale of ['sv', 'fi'] as const) {
  test(`${locale}: an unhandled client error is reported to /captuerr, accepted and stored for the storefront`, async ({ page }) => {
    const home = origin(locale);
    if (locale !== 'sv') await consentGiven(page, home);
    await page.goto(home + '/');
    await hydrated(page);
    const marker = `boom from a test ${locale} ${Date.now()}`;
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/captuerr' && r.request().method() === 'POST');
    await page.evaluate((m) => {
      setTimeout(() => {
        throw new Error(m);
      });
    }, marker);
    const response = await answered;
    // The report names the page's own storefront (locale + sid, agreeing with the Host), and the server accepts it.
    const query = new URL(response.url()).searchParams;
    expect({ locale: query.get('locale'), sid: query.get('sid') }).toEqual({ locale, sid: String(LOCALES[locale].storeID) });
    expect(response.status()).toBe(204);
    const body = response.request().postDataJSON() as { error: string; url: string; userAgent: string; level: string };
    expect(body.error).toContain(marker);
    expect(body).toMatchObject({ level: 'error', url: home + '/' });
    // …and it arrived where operators read reports: one row of client_errors for this storefront.
    await expect.poll(() => storedReport(marker)).toMatchObject({ locale, level: 'error', url: home + '/' });
    const row = await storedReport(marker);
    expect(row!.user_agent).toContain('Chrome');
    expect(row!.ip_hash).toMatch(/^[0-9a-f]{32}$/);
  });
}

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
