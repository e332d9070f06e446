/**
 * The Content-Security-Policy in force on every page type (docs/product/security.md): each page answers
 * with a hash-based CSP (no 'unsafe-inline' scripts), and Chromium reports no violation — neither a
 * `securitypolicyviolation` event nor a "Refused to …" console message — while the pages load, their islands
 * hydrate and an order is placed with the own invoice.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { pathFor } from '#lib/routing/routes.ts';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { signUnsubscribeToken, unsubscribeKey } from '#server/mail/unsubscribe-tokens.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hydrated, watchErrors } from './islands-fixtures.ts';
import { logInAs, placeOrder, withDb } from './account-fixtures.ts';
import { startCheckout } from './checkout-fixtures.ts';

const sv = origin('sv');

/** Every violation and CSP console message of the page, across navigations. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.warn(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  page.on('console', (m) => {
    if (/CSP violation|Content Security Policy|Refused to/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });
  return violations;
}

function expectPageCsp(response: Response | null, what: string) {
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp, what).toMatch(/(^|; )script-src 'self'/);
  expect(csp, what).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-frame-options'], what).toBe('DENY');
}

/** Opens a page, lets its scripts and islands run, and checks the CSP it answered with. */
async function visit(page: Page, url: string, what: string): Promise<void> {
  const response = await page.goto(url);
  expectPageCsp(response, what);
  await page.waitForLoadState('networkidle');
}

test('sv: no CSP violation on any page type, an invoice order included', async ({ page }) => {
  test.setTimeout(90_000);
  const violations = watchCsp(page);
  const errors = watchErrors(page);
  await consentGiven(page, sv);

  await visit(page, sv + '/', 'home');
  // the islands mounted on demand: the search dropdown and the login dialog
  await hydrated(page);
  const [product] = await demoProducts('sv', 1);
  await page.getByTestId('search-input').fill(product!.sku);
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  await page.getByTestId('account-link').click();
  await expect(page.getByTestId('login-dialog')).toBeVisible();
  const categoryHref = await page.locator('a[href^="/kategori/"]').first().getAttribute('href');
  await visit(page, sv + categoryHref, 'category');
  await visit(page, sv + pathFor('product', 'sv', { slug: product!.slug }), 'product');
  await visit(page, sv + pathFor('searchresults', 'sv') + '?q=filter', 'search results');
  await expect(page.locator('main')).toBeVisible();
  await visit(page, sv + '/om-oss', 'content page');
  await visit(page, sv + '/no/such/page', '404');

  // Checkout → own invoice → confirmation (the confirmation page is where it ends).
  const number = await placeOrder(page, 'sv', `csp-${Date.now().toString(36)}@csp.test`);
  expect(number).toMatch(/^\d{7,}$/);
  await visit(page, page.url(), 'confirmation');
  await visit(page, sv + pathFor('track-order-id', 'sv', { id: number }), 'track order');
  await visit(page, sv + pathFor('my-order-id', 'sv', { id: number }), 'my order');

  const key = await withDb((db) => unsubscribeKey(db));
  const token = signUnsubscribeToken(key, { locale: 'sv', email: DEMO_CUSTOMER.email });
  await visit(page, `${sv}/unsubscribe?unsub=${encodeURIComponent(token)}`, 'unsubscribe');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await logInAs(page, 'sv', DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await visit(page, sv + '/my-account', 'my account');
  await visit(page, sv + '/my-account/orders', 'my account orders');
  await expect(page.getByTestId('account-login-prompt')).toHaveCount(0);

  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});

test('fi: the Christmas calendar, a product page, the mini cart and the checkout page run under the CSP', async ({ page }) => {
  const violations = watchCsp(page);
  await consentGiven(page, origin('fi'));
  await visit(page, origin('fi') + pathFor('christmas-calendar', 'fi'), 'calendar');
  const [product] = await demoProducts('fi', 1);
  // product page → mini cart → checkout, as a shopper goes (the pages' CSP checked on the way)
  page.on('response', (r) => {
    if (r.request().isNavigationRequest() && r.status() === 200) expectPageCsp(r, r.url());
  });
  await startCheckout(page, 'fi', product!);
  await expect(page.getByTestId('checkout-place-order')).toBeVisible();
  expect(violations).toEqual([]);
});
