/**
 * Quick order in the browser (docs/product/quick-order.md): the demo customer pastes rows on /my-account/quick-order,
 * the server resolves them (an unknown number listed apart with suggestions), and one click puts every found line in
 * the cart, priced by the server; then a 500-line order the same way.
 */
import { expect, test } from '@playwright/test';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hydrated, watchErrors } from './islands-fixtures.ts';
import { logInAs, withDb } from './account-fixtures.ts';
import { seriousAxe } from './a11y-fixtures.ts';

const sv = origin('sv');

test('sv: paste three parts and an unknown number → three lines found, the unknown one apart → all three in the cart', async ({ page }) => {
  const errors = watchErrors(page);
  await consentGiven(page, sv);
  await logInAs(page, 'sv', DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const parts = await demoProducts('sv', 3);
  await page.goto(sv + '/my-account/quick-order');
  await hydrated(page);
  const form = page.getByTestId('quick-order-form');
  await expect(form).toBeVisible();
  expect(await seriousAxe(page)).toEqual([]);
  await form
    .getByTestId('quick-order-text')
    .fill(`Artikelnummer;Antal\n${parts[0]!.sku};2\n${parts[1]!.sku}\t1\nZZQ-NOPE-424242;5\n${parts[2]!.sku.toLowerCase()} 3`);
  await form.getByTestId('quick-order-submit').click();
  const found = page.getByTestId('quick-order-line');
  await expect(found).toHaveCount(3);
  expect(await found.evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-sku'), r.getAttribute('data-quantity')]))).toEqual([
    [parts[0]!.sku, '2'],
    [parts[1]!.sku, '1'],
    [parts[2]!.sku, '3'],
  ]);
  await expect(page.getByTestId('quick-order-unknown')).toHaveCount(1);
  await expect(page.getByTestId('quick-order-unknown')).toContainText('ZZQ-NOPE-424242');
  expect(await seriousAxe(page)).toEqual([]);

  await hydrated(page);
  await page.getByTestId('quick-order-add').click();
  await expect(page.getByTestId('quick-order-added')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('6');
  const minicart = page.getByTestId('minicart');
  await expect(minicart.getByTestId('minicart-line')).toHaveCount(3);
  expect(errors).toEqual([]);
});

test('sv: a quick order of 500 rows goes to the cart in one step, priced by the server', async ({ page }) => {
  test.setTimeout(120_000);
  await consentGiven(page, sv);
  await logInAs(page, 'sv', DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  // the test catalogue has 300 products: 500 rows are the orderable ones' skus, OEM numbers and cross-references
  const { skus, numbers } = await withDb(async (db) => {
    const orderable = await db.selectFrom('products').select(['id', 'sku']).where('orderable', '=', 1).orderBy('id').execute();
    const replaced = new Set((await db.selectFrom('product_supersessions').select('product_id').execute()).map((r) => r.product_id));
    const ids = new Set(orderable.map((p) => p.id));
    const oems = await db
      .selectFrom('product_numbers')
      .select(['product_id', 'number'])
      .where('kind', 'in', ['oem', 'cross'])
      .orderBy('kind', 'desc')
      .orderBy('product_id')
      .execute();
    return { skus: orderable, numbers: oems.filter((o) => ids.has(o.product_id) && !replaced.has(o.product_id)) };
  });
  const rows = [...skus.map((p) => p.sku), ...numbers.map((n) => n.number)].slice(0, 500);
  expect(rows).toHaveLength(500);
  const distinct = new Set([...skus.map((p) => p.id), ...numbers.slice(0, 500 - skus.length).map((n) => n.product_id)]).size;
  await page.goto(sv + '/my-account/quick-order');
  await page.getByTestId('quick-order-text').fill(rows.map((r) => `${r};1`).join('\n'));
  await page.getByTestId('quick-order-submit').click();
  await expect(page.getByTestId('quick-order-line')).toHaveCount(500);
  await hydrated(page);
  await page.getByTestId('quick-order-add').click();
  await expect(page.getByTestId('quick-order-added')).toBeVisible({ timeout: 30_000 });
  // a part named by its sku and its OEM number is one cart line; every line carries the server's price
  const cartLines = await page.evaluate(() => {
    const state = JSON.parse(localStorage.getItem('td02:cart') ?? '{}') as { items?: { price: unknown }[] };
    return { lines: state.items?.length ?? 0, priced: (state.items ?? []).filter((i) => typeof i.price === 'number').length };
  });
  expect(cartLines).toEqual({ lines: distinct, priced: distinct });
});
