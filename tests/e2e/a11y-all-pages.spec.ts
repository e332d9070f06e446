/**
 * axe with the WCAG 2.1 A/AA rules on every page type of every storefront (docs/product/legal.md#accessibility-european-accessibility-act-directive-eu-2019882):
 * one browser per storefront walks home (with and without the consent bar), the accessibility statement, category,
 * product, mini cart, login dialog, model page, search results (hits and none), 404, checkout (empty, with an error, filled),
 * confirmation, failed, every my-account page, the return form (and its error), track order, the guest order and its
 * return form. All findings are collected and compared once, so a failure names every page at once.
 */
import { expect, test, type Page } from '@playwright/test';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { ACCESSIBILITY_STATEMENT_SLUG } from '#lib/content/accessibility-statement.ts';
import { SELLERS } from '#lib/payments/seller-details.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { insertCustomer } from '#tests/support/test-customers.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hydrated, line } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, fillCustomer, openCheckoutWith, payByInvoiceAndPlace } from './checkout-fixtures.ts';
import { logInAs, operator, withDb } from './account-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';

for (const locale of LOCALE_CODES) {
  test(`${locale}: every page type has no WCAG 2.1 A/AA axe violations`, async ({ page }) => {
    test.setTimeout(210_000); // +30 s for the model page (issue 25)
    const o = origin(locale);
    const found: Record<string, string[]> = {};
    const check = async (label: string) => {
      // a settled page: a busy region (totals being recomputed) is dimmed on purpose while it waits
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const v = await wcagViolations(page);
      if (v.length) found[label] = v;
    };

    await page.goto(o + '/');
    await expect(page.getByTestId('consent-bar')).toBeVisible();
    await hydrated(page);
    await check('home with the consent bar');
    await consentGiven(page, o);

    await page.goto(o + '/');
    await expect(page.getByTestId('consent-bar')).toBeHidden();
    await hydrated(page);
    await check('home');
    const statement = page.getByTestId('accessibility-statement');
    await expect(statement).toHaveAttribute('href', `/${ACCESSIBILITY_STATEMENT_SLUG[locale]}`);
    // wait for the navigation the click starts (attached before the click: a fast one cannot be missed)
    await Promise.all([
      page.waitForURL(`${o}/${ACCESSIBILITY_STATEMENT_SLUG[locale]}`, { waitUntil: 'domcontentloaded' }),
      statement.click(),
    ]);
    await expect(page.locator(`main a[href="mailto:${SELLERS[locale].email}"]`)).toBeVisible();
    await check('accessibility statement');

    await page.getByTestId('main-menu').locator('a').first().click();
    await expect(page.getByTestId('product-link').first()).toBeVisible();
    await check('category');

    const [product] = await demoProducts(locale, 1);
    await page.goto(o + product!.url);
    await hydrated(page);
    await check('product');
    await page.getByTestId('add-to-cart').first().click();
    await expect(page.getByTestId('minicart')).toBeVisible();
    await check('open mini cart');
    await page.goto(o + product!.url);
    await hydrated(page);
    await page.getByTestId('account-link').click();
    await expect(page.getByTestId('login-dialog')).toBeVisible();
    await check('open login dialog');

    // a model page (docs/product/parts-finder.md#model-pages): the first model is prerendered by every build
    const model = await withDb((db) => db.selectFrom('appliance_models').select('slug').orderBy('id').executeTakeFirstOrThrow());
    await page.goto(o + pathFor('model-slug', locale, { slug: model.slug }));
    await expect(page.getByTestId('model-part').first()).toBeVisible();
    await hydrated(page);
    await check('model page');

    await page.goto(`${o}${pathFor('searchresults', locale)}?q=${encodeURIComponent(product!.sku)}`);
    await expect(page.getByTestId('product-link').first()).toBeVisible();
    await check('search results');
    await page.goto(`${o}${pathFor('searchresults', locale)}?q=zzqqxx`);
    await check('search without results');
    expect((await page.goto(`${o}/no-such-page-a11y`))!.status()).toBe(404);
    await check('404');

    await page.goto(o + '/my-account/orders');
    await expect(page.getByTestId('account-login-prompt')).toBeVisible();
    await check('my account, logged out');

    // an account of this test, logged in, so the order is in my account as well as open to a guest
    const email = `e2e-a11y-${locale}-${Date.now()}@partsfront.test`;
    const password = 'e2e a11y password';
    await withDb((db) => insertCustomer(db, { email, name: 'E2E Kund', password }));
    await logInAs(page, locale, email, password);

    await openCheckoutWith(page, locale, [line(product!, 1)]);
    await check('checkout');
    const mobile = page.getByTestId('checkout-mobile');
    await mobile.fill(CUSTOMERS[locale].bad_mobile);
    await mobile.blur();
    await expect(page.getByTestId('checkout-field-problem')).toHaveCount(1);
    await check('checkout with an error');
    await fillCustomer(page, { ...CUSTOMERS[locale], email });
    await chooseShipping(page, 'home');
    await check('checkout filled in');
    await payByInvoiceAndPlace(page);
    await check('confirmation');
    const number = (await page.getByTestId('order-number').textContent())!.trim();
    await page.goto(o + '/checkout/failed/abcdefghijklmnop?reason=declined');
    await expect(page.getByTestId('checkout-failed')).toBeVisible();
    await check('payment failed');

    for (const step of ['pick', 'ship', 'deliver']) await operator(`orders/${number}/${step}`, locale);
    for (const path of [
      '/my-account',
      '/my-account/orders',
      `/my-account/orders/${number}`,
      '/my-account/returns',
      '/my-account/subscriptions',
      '/my-account/quick-order',
      '/my-account/company',
      '/my-account/quotes',
      '/my-account/lists',
      '/my-account/profile/edit',
    ]) {
      await page.goto(o + path);
      await expect(page.getByTestId('account-nav')).toBeVisible();
      await check(path.replace(number, '{number}'));
    }
    await page.goto(`${o}/my-account/orders/${number}`);
    await page.getByTestId('order-return-link').click();
    await returnForm(page, check, 'my account return form');

    await page.goto(`${o}/track-order/${number}`);
    await expect(page.getByTestId('track-order-form')).toBeVisible();
    await check('track order');
    await page.getByTestId('track-order-contact').fill(email);
    await page.getByTestId('track-order-submit').click();
    await expect(page.getByTestId('order-timeline')).toBeVisible();
    await check('track order timeline');

    await page.context().clearCookies();
    await consentGiven(page, o);
    await page.goto(o + '/my-order');
    await expect(page.getByTestId('guest-order-number')).toBeVisible();
    await check('guest order form');
    await page.getByTestId('guest-order-number').fill(number);
    await page.getByTestId('guest-order-email').fill(email);
    await page.getByTestId('guest-order-submit').click();
    await page.waitForURL(`${o}/my-order/${number}`);
    await check('guest order');
    await page.getByTestId('order-return-link').click();
    await returnForm(page, check, 'guest return form');

    expect(found).toEqual({});
  });
}

/** The return form as opened, then refused without a reason (the error shown). */
async function returnForm(page: Page, check: (label: string) => Promise<void>, label: string): Promise<void> {
  const form = page.getByTestId('return-form');
  await expect(form.getByTestId('return-line')).toHaveCount(1);
  await check(label);
  await form.getByTestId('return-line').locator('input').fill('1');
  await form.getByTestId('return-submit').click();
  await expect(page.getByTestId('return-error')).toBeVisible();
  await check(`${label} with an error`);
}
