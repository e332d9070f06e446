/**
 * Part numbers that stay findable (docs/product/parts-finder.md#part-numbers), in Chromium: an old part number typed
 * in the header search offers the part sold now with "ersätter …"; a replaced part's old address lands on its successor.
 */
import { expect, test } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { currentProduct } from '#lib/catalogue/part-number-lookup.ts';
import { supersessionMap } from '#server/catalogue/appliance-models.ts';
import { origin, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { consentGiven, hydrated } from './islands-fixtures.ts';

const sv = origin('sv');
interface Part {
  name: string;
  slug: string;
}
let old: Part & { oem: string };
let current: Part;

test.beforeAll(async () => {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    const replacedBy = await supersessionMap(db);
    const part = (id: number) =>
      db
        .selectFrom('products as p')
        .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
        .where('p.id', '=', id)
        .select(['p.id', 'p.orderable', 't.name', 't.slug'])
        .executeTakeFirstOrThrow();
    // a replaced part no longer sold, with an OEM number
    const row = await db
      .selectFrom('product_supersessions as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .innerJoin('product_numbers as n', (j) => j.onRef('n.product_id', '=', 'p.id').on('n.kind', '=', 'oem'))
      .where('p.orderable', '=', 0)
      .select(['p.id', 'n.number'])
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    old = { ...(await part(row.id)), oem: row.number };
    current = await part(currentProduct(row.id, replacedBy));
  } finally {
    await db.destroy();
  }
});
test.beforeEach(async ({ page }) => consentGiven(page, sv));

test('an old part number in the header search offers the part sold now, "ersätter …", and opens it', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('search-input').fill(old.oem);
  const first = page.getByTestId('search-result').first();
  await expect(first).toContainText(current.name);
  await expect(first.getByTestId('search-result-note')).toHaveText(`ersätter ${old.oem}`);
  await first.locator('a').click();
  await expect(page).toHaveURL(sv + pathFor('product', 'sv', { slug: current.slug }));
  await expect(page.getByTestId('product-name')).toHaveText(current.name);
  await expect(page.getByTestId('product-numbers')).toBeVisible();
});

test('a replaced part’s old address lands on its successor', async ({ page }) => {
  const r = await page.goto(sv + pathFor('product', 'sv', { slug: old.slug }));
  expect(r?.status()).toBe(200);
  await expect(page).toHaveURL(sv + pathFor('product', 'sv', { slug: current.slug }));
  await expect(page.getByTestId('product-name')).toHaveText(current.name);
});
