import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PORT, origin } from '#tests/support/test-env.ts';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { cartTotal } from '#lib/cart/cart-total.ts';
import { consentGiven, demoProducts, hydrated, line, seedCart, type DemoProduct } from './islands-fixtures.ts';

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

// ---------------------------------------------------------------------------------------------------
// Stacking (docs/adr/0011-coupon-stacking.md): two codes that may not be combined, typed into the mini cart.

/** A storefront API call by Host header, as the browser would make it. */
async function apiPost(request: APIRequestContext, locale: LocaleCode, path: string, body: object) {
  const r = await request.post(`http://127.0.0.1:${E2E_PORT}${path}?locale=${locale}&sid=${LOCALES[locale].storeID}`, {
    data: body,
    headers: { host: `${locale}.localhost:${E2E_PORT}` },
  });
  expect(r.status()).toBe(200);
  return r.json();
}

const notCombinableText = (locale: LocaleCode, code: string, winner: string) =>
  (JSON.parse(readFileSync(`src/locales/${locale}.json`, 'utf8')).checkout.coupon.not_combinable as string)
    .replace('{{code}}', code)
    .replace('{{with}}', winner);

async function enterCode(page: Page, code: string) {
  const coupons = page.waitForResponse((r) => r.url().includes('/api/sync-coupons'));
  await page.getByTestId('coupon-input').fill(code);
  await page.getByTestId('coupon-apply').click();
  return (await coupons).json();
}

for (const locale of ['sv', 'fi'] as const) {
  test(`${locale}: the second of two codes that may not be combined is shown as not applied, with the code that replaced it, in the mini cart and the checkout; the totals are the winner's`, async ({
    page,
    request,
  }) => {
    const site = origin(locale);
    await consentGiven(page, site);
    const [a, b]: DemoProduct[] = await demoProducts(locale, 2, { anyQuantity: true });
    const items = [line(a, 2), line(b, 1)];
    const contents = items.map((i) => ({ sku: i.sku, product_id: i.product_id, quantity: i.quantity }));
    // Two order-level codes: which one saves more on this cart is the server's answer.
    const answer = await apiPost(request, locale, '/api/sync-coupons', {
      coupons: ['SAVE10', 'FIXED5'],
      cart_contents: contents,
      ignoreCache: true,
    });
    const winner: string = answer.find((c: { applied: boolean }) => c.applied).code;
    const loser = winner === 'SAVE10' ? 'FIXED5' : 'SAVE10';
    const expected = await apiPost(request, locale, '/api/sync-cart', { items: contents, coupons: [winner] });

    await seedCart(page, items);
    await page.goto(site + '/');
    await hydrated(page);
    await page.getByTestId('minicart-open').click();
    await expect(page.getByTestId('minicart-line')).toHaveCount(2);

    const first = await enterCode(page, winner);
    expect(first.find((c: { code: string }) => c.code === winner).applied).toBe(true);
    await expect(page.getByTestId('coupon-rejected')).toHaveCount(0);
    const second = await enterCode(page, loser);
    expect(second.find((c: { code: string }) => c.code === loser)).toMatchObject({
      applied: false,
      reason: 'not_combinable',
      replaced_by: [winner],
    });

    const notice = page.getByTestId('coupon-not-combinable');
    await expect(notice).toHaveText(notCombinableText(locale, loser, winner));
    await expect(notice).toHaveAttribute('data-code', loser);
    await expect(page.getByTestId('minicart-total')).toHaveAttribute('data-amount', String(cartTotal(expected)));
    const undiscounted = await apiPost(request, locale, '/api/sync-cart', { items: contents, coupons: [] });
    expect(cartTotal(expected)).toBeLessThan(cartTotal(undiscounted));

    // The checkout charges what the mini cart showed, and answers the losing code the same way.
    await page.getByTestId('minicart-checkout').click();
    await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{8,}$/);
    const goods = page.getByTestId('checkout-totals-goods');
    const discount = page.getByTestId('checkout-totals-discount');
    // the discount row holds a negative amount
    const toPay = async () =>
      Number(await goods.getAttribute('data-amount-minor')) + Number(await discount.getAttribute('data-amount-minor'));
    await expect(discount).toHaveAttribute('data-amount-minor', /^-\d+$/);
    expect(await toPay()).toBe(Math.round(cartTotal(expected) * 100));
    await page.getByTestId('checkout-coupon-input').fill(loser);
    await page.getByTestId('checkout-coupon-apply').click();
    const lost = page.getByTestId('checkout-coupons').locator(`li[data-code="${loser}"]`);
    await expect(lost).toHaveAttribute('data-applied', 'no');
    await expect(lost).toContainText(notCombinableText(locale, loser, winner));
    await expect(page.locator('.checkout-totals.is-busy')).toHaveCount(0);
    expect(await toPay()).toBe(Math.round(cartTotal(expected) * 100));
  });
}
