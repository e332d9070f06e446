/** The checkout routes: never cached or indexed, accessible, a reload resumes the same checkout, the failed page explains and leads back. */
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hostGet } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, fillCustomer, payByInvoiceAndPlace, startCheckout } from './checkout-fixtures.ts';

test('checkout, confirmation and failed pages send no-store and noindex; unknown confirmations are 404', async ({ request }) => {
  for (const path of ['/checkout', '/checkout/failed/abcdefghijklmnop?reason=declined']) {
    const res = await hostGet(request, 'sv', path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['cache-control'], path).toBe('no-store');
    expect(await res.text(), path).toContain('<meta name="robots" content="noindex">');
  }
  const missing = await hostGet(request, 'sv', '/checkout/confirmation/abcdefghijklmnopqrstuv');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).toBe('no-store');
});

test('an empty cart on /checkout shows the empty text and opens no checkout', async ({ page }) => {
  const opens: string[] = [];
  page.on('request', (r) => r.url().includes('/api/checkout') && opens.push(r.url()));
  await page.goto(origin('sv') + '/checkout');
  await expect(page.getByTestId('checkout-empty')).toBeVisible();
  expect(opens).toEqual([]);
});

test('a reload and a second tab resume the same checkout with what was typed', async ({ page, context }) => {
  await consentGiven(page, origin('sv'));
  const [product] = await demoProducts('sv', 1);
  const id = await startCheckout(page, 'sv', product);
  const saved = page.waitForResponse((r) => r.url().includes(`/api/checkout/${id}`) && r.request().method() === 'POST');
  await page.getByTestId('checkout-email').fill(CUSTOMERS.sv.email);
  await saved;
  await page.reload();
  await expect(page.getByTestId('checkout-email')).toHaveValue(CUSTOMERS.sv.email);
  expect(new URL(page.url()).pathname).toBe(`/checkout/${id}`);

  const second = await context.newPage();
  await second.goto(origin('sv') + '/checkout');
  await expect(second).toHaveURL(new RegExp(`/checkout/${id}$`));
  await expect(second.getByTestId('checkout-email')).toHaveValue(CUSTOMERS.sv.email);
  // a quantity change in one tab reaches the other through the cart
  await second.getByTestId('checkout-line').getByRole('button', { name: 'Öka antal' }).click();
  await expect(page.getByTestId('checkout-qty')).toHaveValue('2');
});

test('the failed page names the reason and links back to the same checkout', async ({ page }) => {
  await page.goto(origin('fi') + '/checkout/failed/abcdefghijklmnop?reason=declined');
  await expect(page.getByTestId('checkout-failed')).toHaveAttribute('data-reason', 'declined');
  await expect(page.getByTestId('checkout-failed-reason')).toContainText('Maksu hylättiin');
  await expect(page.getByTestId('checkout-failed-back')).toHaveAttribute('href', '/checkout/abcdefghijklmnop');
  await page.goto(origin('fi') + '/checkout/failed/abcdefghijklmnop?reason=nonsense');
  await expect(page.getByTestId('checkout-failed')).toHaveAttribute('data-reason', 'unknown'); // a hand-edited reason: generic text, try again
});

test('checkout and confirmation have no serious axe violations', async ({ page }) => {
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  await consentGiven(page, origin('sv'));
  const [product] = await demoProducts('sv', 1);
  await startCheckout(page, 'sv', product);
  const mobile = page.getByTestId('checkout-mobile');
  await mobile.fill(CUSTOMERS.sv.bad_mobile);
  await mobile.blur();
  await expect(page.getByTestId('checkout-field-problem')).toHaveCount(1);
  expect(await serious()).toEqual([]);
  await mobile.fill(CUSTOMERS.sv.mobile);
  await fillCustomer(page, CUSTOMERS.sv);
  await chooseShipping(page, 'service_point');
  expect(await serious()).toEqual([]);
  await payByInvoiceAndPlace(page);
  expect(await serious()).toEqual([]);
});
