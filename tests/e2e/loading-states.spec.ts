/**
 * Loading states of fetches (docs/product/client-state.md#loading-states): a slow answer shows the indicator
 * until it arrives; a fast one may show it, but never for less than 200 ms. The page records when each
 * indicator was added and removed (a MutationObserver): the test asserts those durations, not its own sleeps.
 */
import { expect, test, type Page } from '@playwright/test';
import { MIN_DISPLAY_MS } from '#lib/page-behaviour/min-display.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hydrated, line, seedCart, type DemoProduct } from './islands-fixtures.ts';
import { CUSTOMERS, fillCustomer, startCheckout } from './checkout-fixtures.ts';

const sv = origin('sv');
const SLOW_MS = 600;
type LoadingId = 'minicart-loading' | 'search-loading' | 'checkout-loading';
interface Span {
  added: number;
  removed?: number;
}

let products: DemoProduct[];
test.beforeAll(async () => {
  products = await demoProducts('sv', 2);
});
test.beforeEach(async ({ page }) => {
  await consentGiven(page, sv);
  // every page of the test records the displays of the indicators in window.__loadingSpans
  await page.addInitScript(() => {
    const spans: Record<string, { added: number; removed?: number }[]> = {};
    (window as unknown as { __loadingSpans: typeof spans }).__loadingSpans = spans;
    const ids = (n: Node): string[] => {
      if (!(n instanceof Element)) return [];
      const found = [n, ...n.querySelectorAll('[data-testid$="-loading"]')].map((e) => e.getAttribute('data-testid') ?? '');
      return found.filter((id) => id.endsWith('-loading'));
    };
    new MutationObserver((records) => {
      const now = performance.now();
      for (const r of records) {
        r.addedNodes.forEach((n) => ids(n).forEach((id) => (spans[id] ??= []).push({ added: now })));
        r.removedNodes.forEach((n) =>
          ids(n).forEach((id) => {
            const open = spans[id]?.at(-1);
            if (open && open.removed === undefined) open.removed = now;
          }),
        );
      }
    }).observe(document, { childList: true, subtree: true });
  });
});

const spansOf = (page: Page, id: LoadingId) =>
  page.evaluate((key) => (window as unknown as { __loadingSpans: Record<string, Span[]> }).__loadingSpans[key] ?? [], id);

/** Every display of the indicator has ended and lasted at least 200 ms (1 ms for timer rounding). */
async function expectNoFlicker(page: Page, id: LoadingId): Promise<Span[]> {
  await expect(page.getByTestId(id)).toHaveCount(0);
  const spans = await spansOf(page, id);
  for (const s of spans) {
    expect(s.removed, `${id} removed`).toBeDefined();
    expect(s.removed! - s.added, `${id} shown for (${JSON.stringify(spans)})`).toBeGreaterThanOrEqual(MIN_DISPLAY_MS - 1);
  }
  return spans;
}

/** Holds the answers of matching requests (the browser's fetch waits; the server answers as usual). */
async function slowDown(page: Page, url: RegExp, method = 'POST'): Promise<void> {
  await page.route(url, async (route) => {
    if (route.request().method() === method) await new Promise((r) => setTimeout(r, SLOW_MS));
    await route.fallback();
  });
}

async function openMiniCartWithLine(page: Page): Promise<void> {
  await seedCart(page, [line(products[0], 1)]);
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('minicart-open').click();
  await expect(page.getByTestId('minicart-line')).toHaveCount(1);
  await expect(page.getByTestId('minicart-loading')).toHaveCount(0);
}

test('mini cart: a slow sync shows the busy state until the answer; it is a polite status with its text', async ({ page }) => {
  await openMiniCartWithLine(page);
  await slowDown(page, /\/api\/sync-cart/);
  const answered = page.waitForResponse(/\/api\/sync-cart/);
  await page.getByTestId('minicart').getByRole('button', { name: 'Öka antal' }).click();
  const indicator = page.getByTestId('minicart-loading');
  await expect(indicator).toBeVisible();
  await expect(indicator).toHaveText('Uppdaterar varukorgen …');
  await expect(page.getByTestId('minicart').getByRole('status').filter({ has: indicator })).toHaveCount(1);
  await answered;
  await expect(page.getByTestId('minicart-qty')).toHaveValue('2');
  const [span] = await expectNoFlicker(page, 'minicart-loading');
  expect(span.removed! - span.added).toBeGreaterThanOrEqual(SLOW_MS - 50);
});

test('mini cart: a fast sync never shows the busy state for less than 200 ms', async ({ page }) => {
  await openMiniCartWithLine(page);
  const answered = page.waitForResponse(/\/api\/sync-cart/);
  await page.getByTestId('minicart').getByRole('button', { name: 'Öka antal' }).click();
  await answered;
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expectNoFlicker(page, 'minicart-loading');
});

test('search: the indicator shows while the query is in flight and goes with the results', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  await slowDown(page, /\/api\/products\?/, 'GET');
  await page.getByTestId('search-input').fill(products[0].sku);
  const indicator = page.getByTestId('search-loading');
  await expect(indicator).toBeVisible();
  await expect(indicator).toHaveText('Söker …');
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  const [span] = await expectNoFlicker(page, 'search-loading');
  expect(span.removed! - span.added).toBeGreaterThanOrEqual(SLOW_MS - 50);
});

test('search: fast answers never show the indicator for less than 200 ms, also for a second query', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  const input = page.getByTestId('search-input');
  await input.fill(products[0].sku);
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  await expectNoFlicker(page, 'search-loading');
  await input.fill(products[1].sku);
  await expect(page.getByTestId('search-result').first()).toContainText(products[1].name);
  await expectNoFlicker(page, 'search-loading');
});

test('checkout: a shipping choice shows the steps’ indicator until the checkout answers; a fast one keeps it ≥ 200 ms', async ({
  page,
}) => {
  await startCheckout(page, 'sv', products[0]);
  await fillCustomer(page, CUSTOMERS.sv); // shipping options follow the postal code
  const options = page.getByTestId('checkout-shipping-option');
  await expect(options.nth(1)).toBeVisible();
  // two choices that each change the checkout: one not chosen yet, then another
  const chosen = await options.locator('input').evaluateAll((els) => els.findIndex((e) => (e as HTMLInputElement).checked));
  const first = chosen === 0 ? 1 : 0;
  const second = chosen >= 0 ? chosen : first + 1;
  const indicator = page.getByTestId('checkout-loading');
  // the customer fields' saves showed it already: those displays obey the rule too
  const before = (await expectNoFlicker(page, 'checkout-loading')).length;

  await slowDown(page, /\/api\/checkout\/[^/?]+(\?|$)/);
  let answered = page.waitForResponse((r) => /\/api\/checkout\/[^/?]+(\?|$)/.test(r.url()) && r.request().method() === 'POST');
  await options.nth(first).locator('input').check();
  await expect(indicator).toBeVisible();
  await expect(indicator).toHaveText('Uppdaterar beställningen …');
  await answered;
  const slowSpans = (await expectNoFlicker(page, 'checkout-loading')).slice(before);
  expect(slowSpans).toHaveLength(1);
  const [slow] = slowSpans;
  expect(slow.removed! - slow.added).toBeGreaterThanOrEqual(SLOW_MS - 50);

  await page.unroute(/\/api\/checkout\/[^/?]+(\?|$)/);
  answered = page.waitForResponse((r) => /\/api\/checkout\/[^/?]+(\?|$)/.test(r.url()) && r.request().method() === 'POST');
  await options.nth(second).locator('input').check();
  await answered;
  await expect(options.nth(second).locator('input')).toBeChecked();
  await expectNoFlicker(page, 'checkout-loading');
});
