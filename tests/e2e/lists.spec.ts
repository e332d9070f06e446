/**
 * Lists and the saved cart in the browser (docs/product/lists.md): a company admin makes a list on /my-account/lists
 * and adds parts by number; a buyer of the same company sees the list and puts all its lines in the cart, priced by
 * the server; the buyer saves the cart, empties it and restores it. axe on the page in each state.
 */
import { expect, test, type Page } from '@playwright/test';
import { hashPassword } from '#server/auth/passwords.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { createCompany } from '#server/company/company-accounts.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hydrated, watchErrors } from './islands-fixtures.ts';
import { logInAs, withDb } from './account-fixtures.ts';
import { seriousAxe } from './a11y-fixtures.ts';
import { swedishOrgNumber } from '#tests/support/org-numbers.ts';

const sv = origin('sv');
const run = Date.now();
const PASSWORD = 'lists pass 1';
const email = (who: string) => `${who}-lists-${run}@example.se`;

const cartLines = (page: Page) =>
  page.evaluate(() => {
    const state = JSON.parse(localStorage.getItem('td02:cart') ?? '{}') as { items?: { sku: string; quantity: number; price: unknown }[] };
    return (state.items ?? []).map((i) => ({ sku: i.sku, quantity: i.quantity, priced: typeof i.price === 'number' }));
  });

test('sv: an admin makes a list, a buyer of the company sees it and adds all to the cart; save the cart, empty it, restore it', async ({
  browser,
}) => {
  await withDb(async (db) => {
    const ids: Record<string, number> = {};
    for (const who of ['admin', 'buyer']) {
      const c = (await createCustomer(db, email(who), who === 'admin' ? 'Alma Admin' : 'Bertil Buyer'))!;
      await db
        .updateTable('customers')
        .set({ password_hash: await hashPassword(PASSWORD) })
        .where('id', '=', c.id)
        .execute();
      ids[who] = c.id;
    }
    const billing = { street: 'Verkstadsgatan 2', postalCode: '411 04', city: 'Göteborg' };
    const m = await createCompany(db, 'sv', ids.admin!, { name: 'Listteknik AB', organisationNumber: swedishOrgNumber(run), billing });
    await db
      .insertInto('company_members')
      .values({
        customer_id: ids.buyer!,
        company_id: m.company.id,
        role: 'buyer',
        spending_limit_minor: null,
        created_at: new Date().toISOString(),
      })
      .execute();
  });
  const parts = await demoProducts('sv', 3);

  // the admin makes the list and adds two parts by number
  const adminPage = await (await browser.newContext()).newPage();
  const errors = watchErrors(adminPage);
  await consentGiven(adminPage, sv);
  await logInAs(adminPage, 'sv', email('admin'), PASSWORD);
  await adminPage.goto(sv + '/my-account/lists');
  await expect(adminPage.getByTestId('lists')).toBeVisible();
  expect(await seriousAxe(adminPage)).toEqual([]);
  await adminPage.getByTestId('lists-name').fill('Servicebil 3');
  await adminPage.getByTestId('lists-create').click();
  await expect(adminPage.getByTestId('lists-done')).toHaveText('Listan är skapad.');
  const detail = adminPage.getByTestId('list-detail');
  await expect(detail).toHaveAttribute('data-shared', 'true');
  for (const [p, qty] of [
    [parts[0]!, '2'],
    [parts[1]!, '3'],
  ] as const) {
    await adminPage.getByTestId('list-number').fill(p.sku.toLowerCase());
    await adminPage.getByTestId('list-quantity').fill(qty);
    await adminPage.getByTestId('list-add-line').click();
    await expect(adminPage.getByTestId('lists-done')).toHaveText('Delen är tillagd.');
  }
  await expect(adminPage.getByTestId('list-line')).toHaveCount(2);
  expect(await seriousAxe(adminPage)).toEqual([]);
  // a third part from its product page
  await adminPage.goto(sv + parts[2]!.url);
  await adminPage.getByTestId('product-add-to-list').click();
  const offer = adminPage.getByTestId('lists-add-product-form');
  await offer.getByTestId('lists-add-product-list').selectOption({ label: 'Servicebil 3' });
  await offer.getByLabel('Antal').fill('1');
  expect(await seriousAxe(adminPage)).toEqual([]);
  await offer.getByTestId('lists-add-product-submit').click();
  await expect(adminPage.getByTestId('lists-done')).toHaveText('Delen är tillagd.');
  await expect(adminPage.getByTestId('list-line')).toHaveCount(3);
  await adminPage.getByTestId('list-line').filter({ hasText: parts[2]!.sku }).getByTestId('list-line-remove').click();
  await expect(adminPage.getByTestId('list-line')).toHaveCount(2);

  // the buyer sees it and puts all its lines in the cart
  const page = await (await browser.newContext()).newPage();
  errors.push(...watchErrors(page));
  await consentGiven(page, sv);
  await logInAs(page, 'sv', email('buyer'), PASSWORD);
  await page.goto(sv + '/my-account/lists');
  const item = page.getByTestId('lists-item').filter({ hasText: 'Servicebil 3' });
  await expect(item).toHaveAttribute('data-shared', 'true');
  await item.getByRole('link', { name: 'Servicebil 3' }).click();
  await expect(page.getByTestId('list-detail')).toHaveAttribute('data-access', 'edit');
  await hydrated(page);
  await page.getByTestId('list-add-all').click();
  await expect(page.getByTestId('lists-added')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('5');
  const inCart = [
    { sku: parts[0]!.sku, quantity: 2, priced: true },
    { sku: parts[1]!.sku, quantity: 3, priced: true },
  ];
  await expect.poll(() => cartLines(page)).toEqual(inCart);

  // save the cart (reached from the mini cart), empty it, restore it
  await page.getByTestId('minicart').getByTestId('minicart-lists').click();
  await expect(page.getByTestId('saved-cart')).toBeVisible();
  await hydrated(page);
  await page.getByTestId('saved-cart-save').click();
  await expect(page.getByTestId('lists-done')).toHaveText('Varukorgen är sparad.');
  await expect(page.getByTestId('saved-cart-line')).toHaveCount(2);
  expect(await seriousAxe(page)).toEqual([]);
  await page.evaluate(() => localStorage.removeItem('td02:cart'));
  await page.reload();
  expect(await cartLines(page)).toEqual([]);
  await hydrated(page);
  await page.getByTestId('saved-cart-restore').click();
  await expect(page.getByTestId('saved-cart-restored')).toBeVisible();
  await expect.poll(() => cartLines(page)).toEqual(inCart);
  await expect(page.getByTestId('cart-count')).toHaveText('5');
  expect(errors).toEqual([]);
});
