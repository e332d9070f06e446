/**
 * A purchase with the keyboard only (docs/product/legal.md#accessibility-european-accessibility-act-directive-eu-2019882):
 * search → product → mini cart → checkout → confirmation with the shop's own invoice, no mouse. Tab moves between
 * controls, arrow keys within a radio group (the group's own keys), Enter and Space act, the rest is typed; every
 * control reached shows a visible focus ring, and the mini cart takes the focus when it opens.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { ADDRESS_FIELDS } from '#tests/support/checkout-customers.ts';
import { consentGiven, demoProducts, hydrated } from './islands-fixtures.ts';
import { CUSTOMERS, testId } from './checkout-fixtures.ts';

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab until `target` has the focus (at most `max` times), then checks that the focus can be seen. */
async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press('Tab');
  expect(await isFocused(target), `Tab reaches ${String(target)}`).toBe(true);
  await expectVisibleFocus(page);
}

/** The focused element is keyboard-focused (:focus-visible), has a size and draws a ring (outline or shadow). */
async function expectVisibleFocus(page: Page): Promise<void> {
  const problem = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing has the focus';
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    if (box.width === 0 || box.height === 0 || !el.matches(':focus-visible') || !ring)
      return `no visible focus: ${el.outerHTML.slice(0, 120)}`;
    return '';
  });
  expect(problem).toBe('');
}

/** Presses Tab until the focus is in one of the options `selector` names (a radio group is entered at its checked option, else its first). */
async function tabIntoGroup(page: Page, selector: string, max = 60): Promise<void> {
  const inside = () => page.evaluate((s) => !!document.activeElement?.closest(s), selector);
  for (let i = 0; i < max && !(await inside()); i++) await page.keyboard.press('Tab');
  expect(await inside(), `Tab reaches ${selector}`).toBe(true);
  await expectVisibleFocus(page);
}

/** Moves through a radio group with the arrow keys until the focused option matches `selector`; it is then checked. */
async function arrowTo(page: Page, options: Locator, selector: string): Promise<void> {
  const count = await options.count();
  for (let i = 0; i <= count; i++) {
    const at = await page.evaluate((s) => !!document.activeElement?.closest(s), selector);
    if (at) break;
    await page.keyboard.press('ArrowDown');
  }
  const chosen = page.locator(selector).first().locator('input');
  await expect(chosen).toBeFocused();
  await page.keyboard.press('Space');
  await expect(chosen).toBeChecked();
  await expectVisibleFocus(page);
}

test('sv: search → product → cart → checkout → confirmation with the keyboard only', async ({ page }) => {
  test.setTimeout(120_000);
  const o = origin('sv');
  const [product] = await demoProducts('sv', 1);
  const customer = CUSTOMERS.sv;
  await consentGiven(page, o);
  await page.goto(o + '/');
  await hydrated(page);

  // search: typed into the header's search box, Enter opens the results
  await tabTo(page, page.getByTestId('search-input'));
  await page.keyboard.type(product!.sku);
  await page.keyboard.press('Enter');
  await page.waitForURL(`${o}/sok?q=${encodeURIComponent(product!.sku)}`);
  await hydrated(page);

  // the product from the results
  await tabTo(page, page.locator(`[data-testid="product-link"][href="${product!.url}"]`).first());
  await page.keyboard.press('Enter');
  await page.waitForURL(o + product!.url);
  await hydrated(page);

  // into the cart: the mini cart opens with the focus inside it, its checkout button is the next stops away
  await tabTo(page, page.getByTestId('add-to-cart').first());
  await page.keyboard.press('Enter');
  const minicart = page.getByTestId('minicart');
  await expect(minicart).toBeVisible();
  await expect.poll(() => minicart.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await tabTo(page, page.getByTestId('minicart-checkout'), 30);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/checkout\/[A-Za-z0-9_-]{8,}$/);
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  await hydrated(page);

  // the customer's details, typed field by field (leaving a field checks it)
  for (const field of ADDRESS_FIELDS) {
    await tabTo(page, page.getByTestId(testId(field)));
    await page.keyboard.type(customer[field]);
  }
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('checkout-field-problem')).toHaveCount(0);

  // home delivery and the shop's own invoice, each chosen within its radio group
  const shipping = '[data-testid="checkout-shipping-option"]';
  await expect(page.locator(shipping).first()).toBeVisible();
  await tabIntoGroup(page, shipping);
  await arrowTo(page, page.locator(shipping), `${shipping}[data-kind="home"]`);
  const payment = '[data-testid="checkout-payment-method"]';
  await tabIntoGroup(page, payment);
  await arrowTo(page, page.locator(payment), `${payment}[data-provider="invoice"]`);

  const terms = page.getByTestId('checkout-terms');
  await tabTo(page, terms, 40);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await expect(page.locator('.checkout-totals.is-busy')).toHaveCount(0);

  await tabTo(page, page.getByTestId('checkout-place-order'), 40);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/checkout\/confirmation\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('order-confirmation')).toBeVisible();
  await expect(page.getByTestId('order-number')).not.toBeEmpty();
});
