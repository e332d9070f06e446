/**
 * A model page in Chromium (docs/product/parts-finder.md#model-pages): the sv page of a prerendered model lists its
 * parts grouped by part type; a part added from the list lands in the cart; the part-type filter works without JS
 * through the filter route; axe finds no WCAG 2.1 A/AA violation.
 */
import { expect, test } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { TEST_SQLITE_FILE, origin } from '#tests/support/test-env.ts';
import { hydrated } from './islands-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';

/** The first model: prerendered by every build (PARTSFRONT_PRERENDER_MODELS, ADR 0027). */
async function subject() {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    const model = await db.selectFrom('appliance_models').select(['id', 'slug', 'number']).orderBy('id').executeTakeFirstOrThrow();
    return { model };
  } finally {
    await db.destroy();
  }
}

test('a model page lists its parts by type, adds one to the cart and has no axe findings', async ({ page }) => {
  const { model } = await subject();
  const o = origin('sv');
  await page.goto(o + pathFor('model-slug', 'sv', { slug: model.slug }));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Reservdelar till`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(model.number);
  const groups = page.getByTestId('model-part-group');
  expect(await groups.count()).toBeGreaterThan(0);
  // every row is inside a group, each group has a heading naming its part type
  const rows = page.getByTestId('model-part');
  expect(await rows.count()).toBe(await page.locator('[data-testid="model-part-group"] [data-testid="model-part"]').count());
  for (const g of await groups.all()) await expect(g.getByRole('heading', { level: 3 })).not.toBeEmpty();

  const violations = await wcagViolations(page);
  expect(violations).toEqual([]);

  // a part the shopper can order now (the island enables its button)
  const row = page.locator('[data-testid="model-part"]:has(button[data-testid="add-to-cart"]:enabled)').first();
  const sku = await row.getAttribute('data-sku');
  await row.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('minicart')).toBeVisible();
  await expect(page.locator(`[data-testid="minicart-line"][data-sku="${sku}"]`)).toBeVisible();
});

test('the part-type filter narrows the list through the filter route', async ({ page }) => {
  const { model } = await subject();
  const o = origin('sv');
  await page.goto(o + pathFor('model-slug', 'sv', { slug: model.slug }));
  const type = await page.getByTestId('model-part-group').first().getAttribute('data-part-type');
  await page.getByTestId('listing-filters-toggle').click();
  await page.locator(`#mf-sub-${type}`).check();
  await Promise.all([page.waitForURL(/\/modell\/[^/]+\/delar\?/), page.getByTestId('listing-apply').click()]);
  await expect(page.getByTestId('model-part-group')).toHaveCount(1);
  await expect(page.getByTestId('model-part-group')).toHaveAttribute('data-part-type', type!);
});
