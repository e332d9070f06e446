/** Postal code and mobile are checked on blur and by the server, with a message next to the field (docs/product/checkout.md#customer-fields). */
import { expect, test } from '@playwright/test';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts } from './islands-fixtures.ts';
import { CUSTOMERS, startCheckout } from './checkout-fixtures.ts';

const problem = (field: string) => `[data-testid="checkout-field-problem"][data-field="${field}"]`;

for (const locale of LOCALE_CODES) {
  test(`${locale}: a bad postal code and mobile are refused with a message; placing focuses the first`, async ({ page }) => {
    await consentGiven(page, origin(locale));
    const [product] = await demoProducts(locale, 1);
    await startCheckout(page, locale, product);
    const serverFields: string[][] = [];
    page.on('response', async (r) => {
      if (!/\/api\/checkout\/[^/?]+\?/.test(r.url()) || r.request().method() !== 'POST') return;
      const view = (await r.json().catch(() => undefined)) as { problems?: { field: string }[] } | undefined;
      if (view?.problems) serverFields.push(view.problems.map((p) => p.field.replace(/^customer\./, '')));
    });
    const c = CUSTOMERS[locale];
    const mobile = page.getByTestId('checkout-mobile');
    const postal = page.getByTestId('checkout-postal-code');
    await mobile.fill(c.bad_mobile);
    await mobile.blur();
    await postal.fill(c.bad_postal_code);
    await postal.blur();
    await expect(page.locator(problem('mobile'))).not.toBeEmpty();
    await expect(page.locator(problem('postal_code'))).not.toBeEmpty();
    await expect(mobile).toHaveAttribute('aria-invalid', 'true');
    await expect(postal).toHaveAttribute('aria-describedby', /checkout-problem-postal_code/);
    // the server says the same once the fields are saved (its message may differ from ours)
    await expect.poll(() => serverFields.at(-1) ?? []).toEqual(expect.arrayContaining(['mobile', 'postal_code']));
    // no shipping options for a postal code that is not one
    await expect(page.getByTestId('checkout-shipping-option')).toHaveCount(0);

    await page.getByTestId('checkout-place-order').click();
    await expect(page.getByTestId('checkout-error')).not.toBeEmpty();
    await expect(page.getByTestId('checkout-email')).toBeFocused(); // the first problem of the form: e-mail is still empty

    // fixing a field clears its message and brings the shipping options
    await postal.fill(c.postal_code);
    await postal.blur();
    await expect(page.locator(problem('postal_code'))).toHaveCount(0);
    await expect(page.getByTestId('checkout-shipping-option').first()).toBeVisible();
    await mobile.fill(c.mobile);
    await mobile.blur();
    await expect(page.locator(problem('mobile'))).toHaveCount(0);
  });
}
