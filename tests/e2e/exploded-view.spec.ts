/**
 * The model page's exploded views (docs/product/parts-finder.md#diagrams): callouts with a part are buttons named
 * after it; hovering or focusing one highlights its row in the parts list and the other way round; a click, or
 * Enter from the keyboard, puts the part in the cart (what the server's sync-cart answered, and the header count);
 * the page has no axe finding and no CSP violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { origin, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { consentGiven, hydrated, watchErrors } from './islands-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';
import { modelWithPosition7 } from './model-fixtures.ts';

const sv = origin('sv');
interface Target {
  url: string;
  diagram: number;
  productId: number;
  sku: string;
  name: string;
}
let target: Target;

/** A model whose diagram has position 7 held by exactly one part that can be ordered now, without variations. */
test.beforeAll(async () => {
  const t = await modelWithPosition7();
  target = {
    url: sv + pathFor('model-slug', 'sv', { slug: t.slug }),
    diagram: t.diagram,
    productId: t.productId,
    sku: t.sku,
    name: t.name,
  };
});

test.beforeEach(async ({ page }) => consentGiven(page, sv));

/** Every violation and CSP console message of the page. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.warn(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`),
    );
  });
  page.on('console', (m) => {
    if (/CSP violation|Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

const cartSkus = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('td02:cart') ?? '{"items":[]}') as { items: { sku: string; quantity: number }[] }).items,
  );

const callout = (page: Page) => page.locator(`figure[data-diagram-no="${target.diagram}"] [data-position="7"]`);
const row = (page: Page) => page.locator(`[data-product-id="${target.productId}"][data-part-position~="${target.diagram}:7"]`);

async function open(page: Page): Promise<void> {
  await page.goto(target.url);
  await hydrated(page);
  await expect(callout(page)).toHaveAttribute('role', 'button');
}

test('a callout is a button named after its part; hover and focus highlight its row and the other way round', async ({ page }) => {
  const errors = watchErrors(page);
  await open(page);
  const g = callout(page);
  await expect(g).toHaveAttribute('aria-label', `Position 7: ${target.name}`);
  await expect(g).toHaveAttribute('tabindex', '0');
  await expect(page.getByTestId('exploded-view').first()).toHaveAttribute('aria-describedby', 'exploded-views-help');

  // the number in the callout: the group's box centre may fall on unpainted drawing
  await g.locator('text').hover();
  await expect(row(page)).toHaveClass(/is-diagram-active/);
  await expect(row(page)).toHaveAttribute('aria-current', 'true');
  await page.getByTestId('model-heading').hover();
  await expect(row(page)).not.toHaveClass(/is-diagram-active/);

  await row(page).getByTestId('product-link').hover();
  await expect(g).toHaveClass(/is-diagram-active/);
  await page.getByTestId('model-heading').hover();
  await expect(g).not.toHaveClass(/is-diagram-active/);

  // focus shows while the pointer is on neither a callout nor a row
  await page.mouse.move(0, 0);
  await g.focus();
  await expect(row(page)).toHaveClass(/is-diagram-active/);
  await expect(g).toHaveClass(/is-diagram-active/);
  await g.evaluate((el) => (el as SVGElement).blur());
  await expect(row(page)).not.toHaveClass(/is-diagram-active/);
  expect(errors).toEqual([]);
});

test('clicking position 7 puts its part in the cart, as the server answered, and says so', async ({ page }) => {
  const errors = watchErrors(page);
  const csp = watchCsp(page);
  await open(page);
  const synced = page.waitForResponse((r) => r.url().includes('/api/sync-cart') && r.status() === 200);
  await callout(page).locator('text').click();
  const answer = (await (await synced).json()) as { sku: string; quantity: number }[];
  expect(answer.map((l) => [l.sku, l.quantity])).toEqual([[target.sku, 1]]);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByTestId('diagram-announce')).toHaveText(`${target.name} lagd i varukorgen`);
  await expect.poll(async () => (await cartSkus(page)).map((l) => [l.sku, l.quantity])).toEqual([[target.sku, 1]]);
  expect(await wcagViolations(page)).toEqual([]);
  expect(csp).toEqual([]);
  expect(errors).toEqual([]);
});

test('keyboard only: Tab reaches the skip link and the callouts, Enter adds the part', async ({ page }) => {
  await open(page);
  // the skip link comes before the drawings and moves focus past them
  await page.getByTestId('skip-diagram').focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-part-key]:focus')).toHaveCount(1);
  // Tab on to position 7 (callouts follow the drawing's order)
  for (let i = 0; i < 60; i++) {
    if ((await callout(page).evaluate((el) => el === document.activeElement)) === true) break;
    await page.keyboard.press('Tab');
  }
  await expect(callout(page)).toBeFocused();
  await expect(row(page)).toHaveClass(/is-diagram-active/);
  const synced = page.waitForResponse((r) => r.url().includes('/api/sync-cart') && r.status() === 200);
  await page.keyboard.press('Enter');
  const answer = (await (await synced).json()) as { sku: string; quantity: number }[];
  expect(answer.map((l) => [l.sku, l.quantity])).toEqual([[target.sku, 1]]);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByTestId('diagram-announce')).toHaveText(`${target.name} lagd i varukorgen`);

  await page.getByTestId('skip-diagram').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#exploded-views-end')).toBeFocused();
});

test('a callout whose part cannot be ordered now says so and adds nothing', async ({ page }) => {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  let place: { slug: string; diagram_no: number; position: string; name: string };
  try {
    place = await db
      .selectFrom('model_parts as mp')
      .innerJoin('appliance_models as m', 'm.id', 'mp.model_id')
      .innerJoin('products as p', 'p.id', 'mp.product_id')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .select(['m.slug', 'mp.diagram_no', 'mp.position', 't.name'])
      .where('mp.position', '!=', '')
      .where('p.orderable', '=', 0)
      .orderBy('m.id')
      .orderBy('mp.position')
      .executeTakeFirstOrThrow();
  } finally {
    await db.destroy();
  }
  const syncs: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/sync-cart')) syncs.push(r.url());
  });
  await page.goto(sv + pathFor('model-slug', 'sv', { slug: place.slug }));
  await hydrated(page);
  const g = page.locator(`figure[data-diagram-no="${place.diagram_no}"] [data-position="${place.position}"]`);
  await expect(g).toHaveAttribute('aria-disabled', 'true');
  // a disabled button stays focusable, so a keyboard user hears why (Playwright won't click an aria-disabled one)
  await g.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('diagram-announce')).toHaveText(`${place.name} kan inte beställas just nu`);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  expect(await cartSkus(page)).toEqual([]);
  expect(syncs).toEqual([]);
});
