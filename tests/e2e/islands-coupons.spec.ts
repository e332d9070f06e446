import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hydrated, line, seedCart } from './islands-fixtures.ts';

const sv = origin('sv');
test.beforeEach(async ({ page }) => consentGiven(page, sv));

test('a disc code is sent with the cart; a buy-X-get-Y coupon is listed, and removed with a notice when no longer met', async ({
  page,
}) => {
  // BUNDLE50 (demo coupons): buy the first orderable in-stock product, get the second at half price
  const [a, b] = await demoProducts('sv', 2, { anyQuantity: true });
  await seedCart(page, [line(a, 1), line(b, 1)]);
  const sent = page.waitForRequest((r) => r.url().includes('/api/sync-cart'));
  const coupons = page.waitForResponse((r) => r.url().includes('/api/sync-coupons'));
  await page.goto(sv + '/?disc=BUNDLE50');
  expect((await sent).postDataJSON().coupons).toEqual(['BUNDLE50']);
  await coupons;
  await hydrated(page);
  await page.getByTestId('minicart-open').click();
  await expect(page.getByTestId('minicart-coupons')).toContainText('half price');
  await page.getByTestId('minicart-line').filter({ hasText: b.name }).getByTestId('minicart-remove').click();
  await expect(page.getByTestId('coupon-rejected')).toContainText('BUNDLE50');
  await expect(page.getByTestId('minicart-coupons')).toHaveCount(0);
});

test('an unknown code is rejected with a notice', async ({ page }) => {
  const [a] = await demoProducts('sv', 1);
  await seedCart(page, [line(a, 1)]);
  const coupons = page.waitForResponse((r) => r.url().includes('/api/sync-coupons'));
  await page.goto(sv + '/?disc=NO-SUCH-CODE');
  await coupons;
  await page.getByTestId('minicart-open').click();
  await expect(page.getByTestId('coupon-rejected')).toContainText('NO-SUCH-CODE');
});
