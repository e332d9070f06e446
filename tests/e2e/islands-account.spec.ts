import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
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
  const state = await page.evaluate(() => ({
    auth: JSON.parse(localStorage.getItem('td02:auth')!),
    cart: JSON.parse(localStorage.getItem('td02:cart')!),
  }));
  expect(state.auth.accessToken).toBe('abc123');
  expect(state.cart).toMatchObject({ checkoutID: null, paymentMethod: null, sessions: {} });
});

test('a failed login shows an error and keeps the dialog open', async ({ page }) => {
  await page.route('**/api/auth/login**', (r) =>
    r.fulfill({ status: 401, json: { error: { code: 'invalid_credentials', message: 'no' } } }),
  );
  await page.goto(sv + '/?login=1');
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel('E-post').fill('kund@example.se');
  await dialog.getByLabel('Lösenord').fill('fel-lösenord');
  await dialog.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('td02:auth'))).toBeNull();
});

test('a successful login stores the tokens and goes to my account orders', async ({ page }) => {
  await page.route('**/api/auth/login**', (r) =>
    r.fulfill({ json: { access_token: 'A1', refresh_token: 'R1', user: { discount: { A: 5 } } } }),
  );
  await page.goto(sv + '/?login=1');
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel('E-post').fill('kund@example.se');
  await dialog.getByLabel('Lösenord').fill('rätt-lösenord');
  await dialog.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(sv + '/my-account/orders');
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('td02:auth')!));
  expect(auth).toMatchObject({ strategy: 'myAccount', accessToken: 'A1', refreshToken: 'R1', user: { discount: { A: 5 } } });
});

test('logging in with the seeded demo account uses the real auth API', async ({ page }) => {
  await page.goto(sv + '/?login=1');
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel('E-post').fill('demo@partsfront.test');
  await dialog.getByLabel('Lösenord').fill('demo-parts-1');
  await dialog.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(sv + '/my-account/orders');
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('td02:auth')!));
  expect(auth.strategy).toBe('myAccount');
  expect(auth.accessToken).toMatch(/\S{20,}/);
  expect(auth.user).toMatchObject({ email: 'demo@partsfront.test', discount: { A: 12, B: 5 } });
});

test('a wrong password against the real auth API is refused', async ({ page }) => {
  await page.goto(sv + '/?login=1');
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel('E-post').fill('demo@partsfront.test');
  await dialog.getByLabel('Lösenord').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('td02:auth'))).toBeNull();
});

test('a guest opens their order with order number and e-mail through the real order-auth API', async ({ page }) => {
  await page.goto(sv + '/?login=1');
  const dialog = page.getByTestId('login-dialog');
  await page.getByTestId('login-my-order').click();
  await dialog.getByLabel('Ordernummer').fill('100001');
  await dialog.getByLabel('E-post').fill('gast@partsfront.test');
  await dialog.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(sv + '/my-order/100001');
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('td02:auth')!));
  expect(auth).toMatchObject({ strategy: 'myOrder', user: { scope: 'my-order', order_id: '100001' } });
});
