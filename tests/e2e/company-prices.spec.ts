/**
 * Company prices in the browser (docs/product/company-prices.md): staff set a company's percent for a discount
 * category on /companies/<id>; a member of the company then sees the discounted price ex VAT (the default for
 * members) on the product page and in the mini cart, priced by the server. axe (WCAG 2.1 A/AA) on both back-office
 * pages: 0 findings.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { hashPassword } from '#server/auth/passwords.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { origin } from '#tests/support/test-env.ts';
import { swedishOrgNumber } from '#tests/support/org-numbers.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { consentGiven, demoProducts, watchErrors, type DemoProduct } from './islands-fixtures.ts';
import { logInAs, withDb } from './account-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';
import { ADMIN, signInStaffPage } from './backoffice-fixtures.ts';

const sv = origin('sv');
const run = Date.now();
const amount = async (el: import('@playwright/test').Locator) =>
  (await el.locator('.price__amount').textContent())!.replace(/\s+/g, ' ').trim();
const kr = (n: number) => `${Math.round(n).toLocaleString('sv-SE').replace(/\s/g, ' ')} kr`;

test('staff set a company percent → a member sees the discounted ex-VAT price on the product page and in the cart', async ({ page }) => {
  const errors = watchErrors(page);
  const products = await demoProducts('sv', 40);
  // a product with a category and no campaign (its list price is its first tier) outside the automatic discount
  const product = products.find((p: DemoProduct) => p.discount_category && p.discount_category !== 'D' && !p.prices.c?.length)!;
  const email = `company-prices-${run}@example.se`;
  const password = 'member pass 1';
  const companyName = `Prisbolaget ${run} AB`;
  const companyId = randomUUID();
  await withDb(async (db) => {
    const c = (await createCustomer(db, email, 'Maja Medlem'))!;
    await db
      .updateTable('customers')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', c.id)
      .execute();
    const now = new Date().toISOString();
    await db
      .insertInto('companies')
      .values({
        id: companyId,
        locale: 'sv',
        name: companyName,
        organisation_number: swedishOrgNumber(run + 7),
        vat_number: null,
        peppol_id: null,
        invoice_reference: null,
        billing_street: 'Verkstadsgatan 3',
        billing_postal_code: '111 22',
        billing_city: 'Stockholm',
        created_at: now,
      })
      .execute();
    await db
      .insertInto('company_members')
      .values({ customer_id: c.id, company_id: companyId, role: 'buyer', spending_limit_minor: null, created_at: now })
      .execute();
  });

  // staff, in another tab (the admin host has its own cookie)
  const bo = await page.context().newPage();
  await signInStaffPage(bo, 'staff');
  await bo.goto(`${ADMIN}/companies?q=${encodeURIComponent(companyName)}`);
  await expect(bo.getByTestId('bo-companies')).toBeVisible();
  expect(await wcagViolations(bo)).toEqual([]);
  await bo.locator(`[data-testid="bo-company-row"][data-id="${companyId}"]`).getByRole('link', { name: companyName }).click();
  await expect(bo.getByTestId('bo-company')).toBeVisible();
  expect(await wcagViolations(bo)).toEqual([]);
  const form = bo.getByTestId('bo-company-discount-form');
  await form.getByLabel('Discount category').fill(product.discount_category!);
  await form.getByLabel('Percent (0 removes)').fill('20');
  await form.getByRole('button', { name: 'Save discount' }).click();
  await expect(bo.getByTestId('bo-company-notice')).toHaveText('The category discount is saved.');
  await expect(bo.locator(`[data-testid="bo-company-discount"][data-category="${product.discount_category}"]`)).toHaveAttribute(
    'data-percent',
    '20',
  );
  expect(await wcagViolations(bo)).toEqual([]);
  // a bad percent is refused with the page saying which field
  await form.getByLabel('Discount category').fill(product.discount_category!);
  await form.getByLabel('Percent (0 removes)').fill('120');
  await form.getByRole('button', { name: 'Save discount' }).click();
  await expect(bo.getByTestId('bo-company-error')).toContainText('percent');
  await bo.close();

  // the member: the product page shows the company price ex VAT by default
  await consentGiven(page, sv);
  await logInAs(page, 'sv', email, password);
  // the browser's auth slice as the login form leaves it (docs/product/accounts.md#browser-state): no discounts of her own
  await page.evaluate(() =>
    localStorage.setItem(
      'td02:auth',
      JSON.stringify({
        loggedIn: true,
        strategy: 'myAccount',
        name: 'Maja Medlem',
        discount: {},
        orderId: null,
        expiresAt: Date.now() + 3_600_000,
      }),
    ),
  );
  await page.goto(sv + product.url);
  const list = unitPrice(product.prices, 1);
  const exVat = (incl: number) => incl / (1 + product.vat / 100);
  await expect(page.locator('html')).toHaveAttribute('data-vat', 'excl');
  const price = page.getByTestId('product').getByTestId('price').first();
  await expect.poll(() => amount(price)).toBe(kr(exVat(list * 0.8)));
  await expect.poll(async () => (await price.getByTestId('price-ordinary').textContent())?.replace(/\s+/g, ' ')).toBe(kr(exVat(list)));

  // …and the cart, priced by the server
  await page.getByTestId('add-to-cart').first().click();
  await expect(page.getByTestId('minicart')).toBeVisible();
  await expect(page.getByTestId('minicart-line-price')).toHaveText(`1 × ${kr(exVat(list * 0.8))}`);
  expect(errors).toEqual([]);
});
