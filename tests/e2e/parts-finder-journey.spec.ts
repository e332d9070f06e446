/**
 * The parts finder's journey as the issue states it (docs/product/parts-finder.md): a fragment of a model number in
 * the header search → the model offered first → its model page → position 7 on the exploded view → that part is in
 * the cart, as the server's sync-cart answered.
 */
import { expect, test } from '@playwright/test';
import { pathFor } from '#lib/routing/routes.ts';
import { origin } from '#tests/support/test-env.ts';
import { modelWithPosition7 } from './model-fixtures.ts';
import { consentGiven, hydrated, watchErrors } from './islands-fixtures.ts';

const sv = origin('sv');
let target: { path: string; fragment: string; diagram: number; sku: string };

/** A model whose position 7 holds exactly one part in stock; its number less the last character as the fragment. */
test.beforeAll(async () => {
  const t = await modelWithPosition7((m) => m.number.replace(/[^A-Za-z0-9]/g, '').length >= 6);
  target = {
    path: pathFor('model-slug', 'sv', { slug: t.slug }),
    fragment: t.number
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, -1)
      .toLowerCase(),
    diagram: t.diagram,
    sku: t.sku,
  };
});

test.beforeEach(async ({ page }) => consentGiven(page, sv));

test('a model fragment → the model page → position 7 on the diagram → the part is in the cart', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('search-input').fill(target.fragment);
  const group = page.getByTestId('search-models');
  await expect(group).toBeVisible();
  const link = group.locator(`[data-testid="search-model"][href="${target.path}"]`);
  await expect(link).toBeVisible();
  await link.click();

  await expect(page).toHaveURL(sv + target.path);
  await expect(page.getByTestId('model-page')).toBeVisible();
  await hydrated(page);
  const callout = page.locator(`figure[data-diagram-no="${target.diagram}"] [data-position="7"]`);
  await expect(callout).toHaveAttribute('role', 'button');
  const synced = page.waitForResponse((r) => r.url().includes('/api/sync-cart') && r.status() === 200);
  await callout.locator('text').click();
  const answer = (await (await synced).json()) as { sku: string; quantity: number }[];
  expect(answer.map((l) => [l.sku, l.quantity])).toEqual([[target.sku, 1]]);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  expect(errors).toEqual([]);
});
