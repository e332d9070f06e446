/**
 * A page view makes no request the server answers 404 by design (docs/product/api.md#public-config): with every
 * consent given, a product page asks the storefront's public config and then only the optional services it
 * has — on the suite's server (sandbox personalisation and Depict configured) and on a server without them.
 */
import { expect, test, type Page } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { API_PORT, origin, TEST_BUILD_DIR, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { consentGiven, hydrated } from './islands-fixtures.ts';

/** A product page with an accessories block (it may ask for recommendations). */
let productPath = '';

test.beforeAll(async () => {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    const row = await db
      .selectFrom('products as p')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .where('p.orderable', '=', 1)
      .where('p.variations', '=', '[]')
      .select(['t.slug'])
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    productPath = pathFor('product', 'sv', { slug: row.slug });
  } finally {
    await db.destroy();
  }
});

interface Seen {
  answers: { method: string; path: string; status: number }[];
  consoleErrors: string[];
}

/**
 * Every answer and console error of one page view with all consents, up to the point where the page has acted
 * on its public config: the config read (from the API or the tab's storage) and `until` answered. Not
 * networkidle: with statistics consent the experiment events go out as keepalive requests, which never settle it.
 */
async function pageView(page: Page, base: string, path: string, until: string[] = []): Promise<Seen> {
  const seen: Seen = { answers: [], consoleErrors: [] };
  page.on('response', (r) => seen.answers.push({ method: r.request().method(), path: new URL(r.url()).pathname, status: r.status() }));
  page.on('console', (m) => {
    if (m.type() === 'error') seen.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => seen.consoleErrors.push(e.message));
  await consentGiven(page, base, 31);
  const answered = until.map((p) => page.waitForResponse((r) => new URL(r.url()).pathname === p));
  await page.goto(base + path);
  await hydrated(page);
  await page.waitForFunction(() => sessionStorage.getItem('td02:public-config:sv') !== null);
  await Promise.all(answered);
  // one more task in the page: whatever the islands do once the config is known has been sent by then
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return seen;
}

const asked = (seen: Seen, path: string) => seen.answers.filter((a) => a.path === path);

test('with the services configured: no 404, no console error; the visitor id and the config answer 200', async ({ page }) => {
  const seen = await pageView(page, origin('sv'), productPath, [API_PATHS.personalisation.visitor, API_PATHS.recommendations]);
  expect(seen.answers.filter((a) => a.status === 404)).toEqual([]);
  expect(seen.consoleErrors).toEqual([]);
  expect(asked(seen, API_PATHS.publicConfig).map((a) => a.status)).toEqual([200]);
  expect(asked(seen, API_PATHS.personalisation.visitor).map((a) => a.status)).toEqual([200]);
  expect(asked(seen, API_PATHS.recommendations).map((a) => a.status)).toEqual([200]);
});

test.describe('a server without personalisation or an external recommendation provider', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({
      port: API_PORT,
      databaseUrl: `sqlite:${TEST_SQLITE_FILE}`,
      buildDir: TEST_BUILD_DIR,
      env: { PARTSFRONT_DEPICT_MERCHANT: '', PARTSFRONT_PERSONALISATION_URL: '', PARTSFRONT_CHANGE_POLL_MS: '0' },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('no 404 and no console error: the page asks neither service', async ({ page }) => {
    const base = origin('sv', API_PORT);
    const seen = await pageView(page, base, productPath);
    expect(seen.answers.filter((a) => a.status === 404)).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
    expect(asked(seen, API_PATHS.publicConfig).map((a) => a.status)).toEqual([200]);
    const config = await page.evaluate(() => sessionStorage.getItem('td02:public-config:sv'));
    expect(JSON.parse(config!).config).toEqual({ personalisation: false, external_recommendations: false });
    expect(asked(seen, API_PATHS.personalisation.visitor)).toEqual([]);
    expect(asked(seen, API_PATHS.recommendations)).toEqual([]);
    // a second page view reads the kept config: not even the config is asked again
    const again = await pageView(page, base, productPath);
    expect(asked(again, API_PATHS.publicConfig)).toEqual([]);
    expect(again.answers.filter((a) => a.status === 404)).toEqual([]);
  });
});
