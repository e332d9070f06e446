/**
 * The parts finder's journey as the issue states it (docs/product/parts-finder.md): a fragment of a model number in
 * the header search → the model offered first → its model page → position 7 on the exploded view → that part is in
 * the cart, as the server's sync-cart answered.
 */
import { expect, test } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { origin, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { consentGiven, hydrated, watchErrors } from './islands-fixtures.ts';

const sv = origin('sv');
let target: { path: string; fragment: string; diagram: number; sku: string };

/** A model whose position 7 holds exactly one part in stock without variations; its number less the last character. */
test.beforeAll(async () => {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    const rows = await db
      .selectFrom('model_parts as mp')
      .innerJoin('appliance_models as m', 'm.id', 'mp.model_id')
      .innerJoin('products as p', 'p.id', 'mp.product_id')
      .select([
        'm.id as model',
        'm.slug',
        'm.number',
        'mp.diagram_no',
        'p.sku',
        'p.orderable',
        'p.stock_status',
        'p.stock_quantity',
        'p.variations',
      ])
      .where('mp.position', '=', '7')
      .orderBy('m.id')
      .execute();
    const held = Map.groupBy(rows, (r) => `${r.model}:${r.diagram_no}`);
    const row = rows.find(
      (r) =>
        r.number.replace(/[^A-Za-z0-9]/g, '').length >= 6 &&
        held.get(`${r.model}:${r.diagram_no}`)!.length === 1 &&
        Boolean(r.orderable) &&
        r.stock_status === 'in-stock' &&
        r.stock_quantity >= 5 &&
        (JSON.parse(String(r.variations ?? '[]')) as unknown[]).length === 0,
    )!;
    target = {
      path: pathFor('model-slug', 'sv', { slug: row.slug }),
      fragment: row.number
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, -1)
        .toLowerCase(),
      diagram: row.diagram_no,
      sku: row.sku,
    };
  } finally {
    await db.destroy();
  }
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
