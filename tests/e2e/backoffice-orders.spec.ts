/**
 * The back office's order pages in a browser (docs/product/back-office.md#orders): an order placed in the sv
 * storefront appears in /orders; staff pick, ship and deliver it through the confirm steps and the shopper's
 * track-order page shows each step; the CSV of a filtered list downloads with exactly its rows. axe's WCAG 2.1
 * A/AA rules on the list, the order page, a confirm step and the dashboard: 0 findings.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, fillCustomer, payByInvoiceAndPlace, startCheckout } from './checkout-fixtures.ts';
import { ADMIN, signInStaffPage } from './backoffice-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';

/** A purchase through the sv storefront's pages, paid by the shop's invoice: its order number. */
async function svOrder(page: Page): Promise<string> {
  await consentGiven(page, origin('sv'));
  const [product] = await demoProducts('sv', 1);
  await startCheckout(page, 'sv', product!);
  await fillCustomer(page, CUSTOMERS.sv);
  await chooseShipping(page, 'home');
  await payByInvoiceAndPlace(page);
  return (await page.getByTestId('order-number').textContent())!.trim();
}

/** The shopper's track-order page: the step it stands at. */
async function trackedStep(page: Page, number: string): Promise<string | null> {
  await page.goto(`${origin('sv')}/track-order/${number}`);
  await page.getByTestId('track-order-contact').fill(CUSTOMERS.sv.email);
  await page.getByTestId('track-order-submit').click();
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline).toBeVisible();
  return timeline.getAttribute('data-current-step');
}

test('sv order → /orders → pick, ship, deliver with confirm steps → the track-order page follows; pages accessible', async ({ page }) => {
  // a purchase, three confirmed steps each followed on the shop's track-order page, and four axe runs
  test.setTimeout(120_000);
  const number = await svOrder(page);
  await signInStaffPage(page, 'staff');

  await page.goto(`${ADMIN}/`);
  await expect(page.getByTestId('bo-dashboard')).toBeVisible();
  const sv = page.locator('[data-testid="bo-dashboard-storefront"][data-storefront="sv"]');
  expect(Number(await sv.getAttribute('data-orders'))).toBeGreaterThan(0);
  expect(await wcagViolations(page)).toEqual([]);

  await page.getByTestId('bo-nav').getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByTestId('bo-orders')).toBeVisible();
  await page.getByLabel('Storefront').selectOption('sv');
  await page.getByLabel('Search (number, e-mail, name, postal code)').fill(number);
  await page.getByRole('button', { name: 'Filter' }).click();
  const rows = page.getByTestId('bo-order-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-number', number);
  expect(await wcagViolations(page)).toEqual([]);

  await rows.first().getByRole('link', { name: number }).click();
  const order = page.getByTestId('bo-order');
  await expect(order).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  for (const [action, state] of [
    ['pick', 'picked'],
    ['ship', 'shipped'],
    ['deliver', 'delivered'],
  ] as const) {
    await page.locator(`[data-testid="bo-order-action"][data-action="${action}"]`).click();
    const confirm = page.getByTestId('bo-confirm');
    await expect(confirm).toContainText(`of order ${number}`);
    if (action === 'pick') expect(await wcagViolations(page)).toEqual([]);
    await page.getByTestId('bo-confirm-yes').click();
    await expect(page.getByTestId('bo-order-notice')).toHaveAttribute('data-changed', '1');
    await expect(page.getByTestId('bo-order')).toHaveAttribute('data-state', state);
    const adminUrl = page.url();
    expect(await trackedStep(page, number)).toBe(state);
    await page.goto(adminUrl);
  }
});

test('the CSV of a filtered list downloads with a header and exactly the matching rows', async ({ page }) => {
  const number = await svOrder(page);
  await signInStaffPage(page, 'read_only');
  await page.goto(`${ADMIN}/orders?storefront=sv&q=${number}`);
  await expect(page.getByTestId('bo-order-row')).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bo-orders-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n').filter(Boolean);
  expect(lines[0]!.split(',')[0]).toBe('number');
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([number]);
  expect(lines[1]).toContain(',sv,');
});
