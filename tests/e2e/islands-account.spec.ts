import { expect, test } from '@playwright/test';
import { origin } from '../support/test-env.ts';
import { consentGiven, hydrated, seedCart } from './islands-fixtures.ts';

const sv = origin('sv');
test.beforeEach(async ({ page }) => consentGiven(page, sv));

const loginAs = (user: object, strategy = 'myAccount') => JSON.stringify({ strategy, accessToken: 'tok', refreshToken: 'ref', user });

test('logged out: the account link opens the login dialog', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  const link = page.getByTestId('account-link');
  await expect(link).toHaveAttribute('data-target', 'login');
  await link.click();
  await expect(page.getByTestId('login-dialog')).toBeVisible();
  await expect(page).toHaveURL(sv + '/');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('login-dialog')).toBeHidden();
});

test('logged in: the account link goes to my account orders', async ({ page }) => {
  await page.addInitScript((a) => localStorage.setItem('td02:auth', a), loginAs({ discount: {} }));
  await page.goto(sv + '/');
  await hydrated(page);
  await expect(page.getByTestId('account-link')).toHaveAttribute('data-target', 'orders');
  await page.getByTestId('account-link').click();
  await expect(page).toHaveURL(sv + '/my-account/orders');
});

test('a guest-order user (my-order scope) goes to their order page', async ({ page }) => {
  await page.addInitScript((a) => localStorage.setItem('td02:auth', a), loginAs({ scope: 'my-order', order_id: 4711 }, 'myOrder'));
  await page.goto(sv + '/');
  await hydrated(page);
  await expect(page.getByTestId('account-link')).toHaveAttribute('data-target', 'order');
  await expect(page.getByTestId('account-link')).toHaveAttribute('href', '/my-order/4711');
});

test('?login opens the login dialog; the flag leaves the address bar', async ({ page }) => {
  await page.goto(sv + '/?login=1&utm_source=mail');
  await expect(page.getByTestId('login-dialog')).toBeVisible();
  await expect(page).toHaveURL(sv + '/?utm_source=mail');
  await page.getByTestId('login-my-order').click();
  await expect(page.getByTestId('login-dialog')).toHaveAttribute('data-view', 'myOrder');
});

test('?change_password opens the change-password dialog', async ({ page }) => {
  await page.goto(sv + '/?change_password=1');
  await expect(page.getByTestId('login-dialog')).toHaveAttribute('data-view', 'change-password');
});

test('?token sets the user token, clears the checkout and goes to my account orders', async ({ page }) => {
  await seedCart(page, [], { checkoutID: 'co-1', paymentMethod: 'klarna', sessions: { card: { id: 's1', locale: 'sv' } } });
  await page.goto(sv + '/?token=abc123');
  await expect(page).toHaveURL(sv + '/my-account/orders');
  const state = await page.evaluate(() => ({ auth: JSON.parse(localStorage.getItem('td02:auth')!), cart: JSON.parse(localStorage.getItem('td02:cart')!) }));
  expect(state.auth.accessToken).toBe('abc123');
  expect(state.cart).toMatchObject({ checkoutID: null, paymentMethod: null, sessions: {} });
});
