/**
 * Experiments in the browser (docs/product/experiments.md): the tab's visitor is assigned from the server's
 * running experiments by the hash of its random id, kept across reloads and new in a new tab; query overrides win
 * over a held variant; exposures and add-to-carts reach the server only with statistics consent — checked in
 * what the server stored, and the checkout carries the visitor.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { assignVariant } from '#lib/experiments/assignment.ts';
import type { ExperimentsAnswer } from '#lib/experiments/running.ts';
import { origin, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hostGet, hydrated, watchErrors, type DemoProduct } from './islands-fixtures.ts';
import { ADMIN, signInStaffPage } from './backoffice-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';

const sv = origin('sv');
/** __consent: 1 necessary only, 5 necessary + statistics (analytics storage). */
const NECESSARY = 1;
const STATISTICS = 5;

interface Slice {
  visitor?: string;
  variants: Record<string, string>;
  overrides: Record<string, string>;
  running?: string[];
  pending?: Record<string, string>;
  sent?: string[];
}
const slice = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('td02:experiment') ?? 'null') as Slice | null);
/** The slice once the running experiments have arrived and been assigned. */
async function assigned(page: Page): Promise<Slice> {
  await expect.poll(async () => (await slice(page))?.running !== undefined).toBe(true);
  return (await slice(page))!;
}

const db = () => openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE }).db;
async function stored(visitor: string) {
  const d = db();
  try {
    return {
      exposures: await d
        .selectFrom('experiment_exposures')
        .select(['experiment', 'variant', 'locale'])
        .where('visitor_id', '=', visitor)
        .execute(),
      adds: await d.selectFrom('experiment_cart_adds').select(['sku', 'quantity', 'locale']).where('visitor_id', '=', visitor).execute(),
    };
  } finally {
    await d.destroy();
  }
}

let running: ExperimentsAnswer;
let accessoriesPage: string;
let product: DemoProduct;
test.beforeAll(async ({ request }) => {
  running = (await (await hostGet(request, 'sv', '/api/experiments?locale=sv&sid=1')).json()) as ExperimentsAnswer;
  [product] = await demoProducts('sv', 1);
  // a product page with the accessories block: the main product of a bundle
  const d = db();
  try {
    const main = await d
      .selectFrom('upsell_bundles as b')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'b.product_id').on('t.locale', '=', 'sv'))
      .select('t.slug')
      .orderBy('b.id')
      .executeTakeFirstOrThrow();
    accessoriesPage = sv + pathFor('product', 'sv', { slug: main.slug });
  } finally {
    await d.destroy();
  }
});

const accessories = () => running.experiments.find((e) => e.name === 'accessories')!;

test('the visitor is assigned by the hash of a random id, kept across reloads, and a new tab is a new visitor', async ({
  page,
  context,
}) => {
  expect(accessories(), 'config/experiments.json runs accessories').toBeDefined();
  await consentGiven(page, sv, NECESSARY);
  await page.goto(sv + '/');
  await hydrated(page);
  const first = await assigned(page);
  expect(first.visitor).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(first.running).toEqual(running.experiments.map((e) => e.name));
  expect(first.variants.accessories).toBe(assignVariant(first.visitor!, accessories()));

  await page.reload();
  await hydrated(page);
  const again = await assigned(page);
  expect(again.visitor).toBe(first.visitor);
  expect(again.variants).toEqual(first.variants);

  const tab = await context.newPage();
  await tab.goto(sv + '/');
  await hydrated(tab);
  const other = await assigned(tab);
  expect(other.visitor).toMatch(/^[0-9a-f-]{36}$/);
  expect(other.visitor).not.toBe(first.visitor);
  expect(other.variants.accessories).toBe(assignVariant(other.visitor!, accessories()));
  // the first tab keeps its own visitor
  expect((await slice(page))!.visitor).toBe(first.visitor);
});

test('the product page shows the held accessories variant, the same after a reload', async ({ page }) => {
  await consentGiven(page, sv, NECESSARY);
  await page.goto(sv + '/');
  const { variants } = await assigned(page);
  await page.goto(accessoriesPage);
  await hydrated(page);
  await expect(page.getByTestId('accessories')).toHaveAttribute('data-variant', variants.accessories!);
  await page.reload();
  await expect(page.getByTestId('accessories')).toHaveAttribute('data-variant', variants.accessories!);
});

test('query overrides win over the variant the tab holds', async ({ page }) => {
  await consentGiven(page, sv, NECESSARY);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('td02:experiment'))
      sessionStorage.setItem('td02:experiment', JSON.stringify({ variants: { search_provider: 'external' }, overrides: {} }));
  });
  await page.goto(sv + '/');
  await hydrated(page);
  let answer = page.waitForResponse((r) => r.url().includes('/api/products') && new URL(r.url()).searchParams.get('query') === product.sku);
  await page.getByTestId('search-input').fill(product.sku);
  expect(new URL((await answer).url()).searchParams.get('provider')).toBe('external');

  await page.goto(sv + '/?search_provider=internal');
  await hydrated(page);
  answer = page.waitForResponse((r) => r.url().includes('/api/products') && new URL(r.url()).searchParams.get('query') === product.sku);
  await page.getByTestId('search-input').fill(product.sku);
  expect(new URL((await answer).url()).searchParams.get('provider')).toBe('internal');
  const s = (await slice(page))!;
  expect(s.variants.search_provider).toBe('external');
  expect(s.overrides).toEqual({ search_provider: 'internal' });
  // the first search was an exposure to the held variant (queued: no statistics consent); the overridden one added none
  expect(s.pending).toEqual({ search_provider: 'external' });
});

test('without statistics consent nothing is sent and the server stores nothing', async ({ page }) => {
  const errors = watchErrors(page);
  await consentGiven(page, sv, NECESSARY);
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/experiment-events')) sent.push(r);
  });
  await page.goto(accessoriesPage);
  await hydrated(page);
  const { visitor } = await assigned(page);
  await expect(page.getByTestId('accessories')).toHaveAttribute('data-variant', /original|upselling/);
  await page.getByTestId('add-to-cart').first().click();
  await expect(page.getByTestId('minicart-line')).toHaveCount(1);
  // the exposure waits in the tab for a consent that may come; nothing left the browser
  await expect.poll(async () => (await slice(page))!.pending?.accessories).toBeDefined();
  await page.waitForTimeout(1000);
  await page.goto(sv + '/');
  await hydrated(page);
  await page.waitForTimeout(600);
  expect(sent).toEqual([]);
  expect(await stored(visitor!)).toEqual({ exposures: [], adds: [] });
  expect(errors).toEqual([]);
});

test('with statistics consent the exposure and the add-to-cart are stored, and the checkout carries the visitor', async ({ page }) => {
  const errors = watchErrors(page);
  await consentGiven(page, sv, STATISTICS);
  await page.goto(accessoriesPage);
  await hydrated(page);
  const { visitor } = await assigned(page);
  const shown = (await page.getByTestId('accessories').getAttribute('data-variant'))!;
  await expect.poll(async () => (await stored(visitor!)).exposures).toEqual([{ experiment: 'accessories', variant: shown, locale: 'sv' }]);
  await expect.poll(async () => (await slice(page))!.sent).toEqual(['accessories']);

  await page.getByTestId('add-to-cart').first().click();
  await expect(page.getByTestId('minicart-line')).toHaveCount(1);
  const [line] = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('td02:cart')!) as { items: { sku: string; quantity: number }[] }).items,
  );
  await expect.poll(async () => (await stored(visitor!)).adds).toEqual([{ sku: line!.sku, quantity: line!.quantity, locale: 'sv' }]);

  await page.getByTestId('minicart-checkout').click();
  await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{8,}$/);
  const checkoutId = new URL(page.url()).pathname.split('/').pop()!;
  const d = db();
  try {
    const row = await d.selectFrom('checkouts').select('experiment_visitor_id').where('id', '=', checkoutId).executeTakeFirstOrThrow();
    expect(row.experiment_visitor_id).toBe(visitor);
  } finally {
    await d.destroy();
  }
  // the exposure is sent once: a reload sends no second one
  await page.goto(accessoriesPage);
  await hydrated(page);
  await page.waitForTimeout(800);
  expect((await stored(visitor!)).exposures).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('exposures queued before consent are sent once the visitor accepts statistics in the consent bar', async ({ page }) => {
  await page.goto(accessoriesPage);
  await hydrated(page);
  const { visitor } = await assigned(page);
  await expect.poll(async () => (await slice(page))!.pending?.accessories).toBeDefined();
  await page.waitForTimeout(500);
  expect(await stored(visitor!)).toEqual({ exposures: [], adds: [] });
  await page.getByTestId('consent-accept-all').click();
  const variant = (await slice(page))!.variants.accessories;
  await expect.poll(async () => (await stored(visitor!)).exposures).toEqual([{ experiment: 'accessories', variant, locale: 'sv' }]);
});

test('the back office shows the report to staff, with the visitors the server stored', async ({ page }) => {
  // this test's own visitor first: at least one exposure to report
  await consentGiven(page, sv, STATISTICS);
  await page.goto(accessoriesPage);
  await hydrated(page);
  const { visitor } = await assigned(page);
  await expect.poll(async () => (await stored(visitor!)).exposures).toHaveLength(1);
  const d = db();
  let visitors: number;
  try {
    const row = await d
      .selectFrom('experiment_exposures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('experiment', '=', 'accessories')
      .where('locale', '=', 'sv')
      .executeTakeFirstOrThrow();
    visitors = Number(row.n);
  } finally {
    await d.destroy();
  }
  expect(visitors).toBeGreaterThan(0);
  await signInStaffPage(page, 'read_only');
  await page.goto(`${ADMIN}/experiments`);
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByTestId('experiments-report-experiment').selectOption('accessories');
  await page.getByTestId('experiments-report-storefront').selectOption('sv');
  await page.getByTestId('experiments-report-show').click();
  const table = page.locator('[data-testid="experiments-report-table"][data-experiment="accessories"]');
  await expect(table).toBeVisible();
  const shown = await table.locator('[data-testid="experiments-report-row"] [data-cell="visitors"]').allTextContents();
  expect(shown.reduce((s, v) => s + Number(v.replace(/\s/g, '')), 0)).toBe(visitors);
  await expect(table.locator('caption')).toHaveText('Experiment accessories');
  expect(await wcagViolations(page)).toEqual([]);
});
