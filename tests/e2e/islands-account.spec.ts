import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, hydrated, seedCart } from './islands-fixtures.ts';

const sv = origin('sv');
test.beforeEach(async ({ page }) => consentGiven(page, sv));

/** The persisted auth slice of a live session (the session itself is in httpOnly cookies the page cannot read). */
const loginAs = (state: object) =>
  JSON.stringify({
    loggedIn: true,
    strategy: 'myAccount',
    name: '',
    discount: {},
    orderId: null,
    expiresAt: Date.now() + 3_600_000,
    ...state,
  });

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
  await page.addInitScript((a) => localStorage.setItem('td02:auth', a), loginAs({ name: 'Kund' }));
  await page.goto(sv + '/');
  await hydrated(page);
  await expect(page.getByTestId('account-link')).toHaveAttribute('data-target', 'orders');
  await page.getByTestId('account-link').click();
  await expect(page).toHaveURL(sv + '/my-account/orders');
});

test('a guest-order user (my-order scope) goes to their order page', async ({ page }) => {
  await page.addInitScript((a) => localStorage.setItem('td02:auth', a), loginAs({ strategy: 'myOrder', orderId: '4711' }));
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

test('an expired slice draws logged out', async ({ page }) => {
  await page.addInitScript((a) => localStorage.setItem('td02:auth', a), loginAs({ expiresAt: Date.now() - 1000 }));
  await page.goto(sv + '/');
  await hydrated(page);
  await expect(page.getByTestId('account-link')).toHaveAttribute('data-target', 'login');
});

test('a slice in the former token-bearing shape is dropped from local storage at once', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(
        'td02:auth',
        JSON.stringify({ strategy: 'myAccount', accessToken: 'old.token', refreshToken: 'old.refresh', user: {} }),
      );
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto(sv + '/');
  await hydrated(page);
  await expect(page.getByTestId('account-link')).toHaveAttribute('data-target', 'login');
  expect(await page.evaluate(() => localStorage.getItem('td02:auth'))).not.toMatch(/token/i);
});

// The real login link (one-time, e-mailed) is in account-auth.spec.ts; here: a link the shop did not issue.
test('?token that is not a live login link signs nobody in, keeps the checkout and says why', async ({ page }) => {
  await seedCart(page, [], { checkoutID: 'co-1', paymentMethod: 'klarna' });
  await page.goto(sv + '/?token=' + 'x'.repeat(43));
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog.getByTestId('login-notice')).toHaveText('Länken är ogiltig, har gått ut eller har redan använts. Be om en ny.');
  await expect(page).toHaveURL(sv + '/');
  expect(await page.evaluate(() => localStorage.getItem('td02:auth'))).toBeNull();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('td02:cart')!).checkoutID)).toBe('co-1');
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

test('a successful login keeps what the page draws — never the tokens — and goes to my account orders', async ({ page }) => {
  await page.route('**/api/auth/login**', (r) =>
    r.fulfill({
      json: {
        access_token: 'A1',
        refresh_token: 'R1',
        expires_in: 3600,
        user: { id: 5, email: 'kund@example.se', name: 'Kund', discount: { A: 5 } },
      },
    }),
  );
  await page.goto(sv + '/?login=1');
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel('E-post').fill('kund@example.se');
  await dialog.getByLabel('Lösenord').fill('rätt-lösenord');
  await dialog.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(sv + '/my-account/orders');
  const stored = await page.evaluate(() => localStorage.getItem('td02:auth')!);
  expect(JSON.parse(stored)).toMatchObject({ loggedIn: true, strategy: 'myAccount', name: 'Kund', discount: { A: 5 }, orderId: null });
  expect(stored).not.toMatch(/A1|R1|token|kund@example/);
});

test('logging in with the seeded demo account uses the real auth API; the session is in httpOnly cookies', async ({ page, context }) => {
  await page.goto(sv + '/?login=1');
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel('E-post').fill('demo@partsfront.test');
  await dialog.getByLabel('Lösenord').fill('demo-parts-1');
  await dialog.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(sv + '/my-account/orders');
  const stored = await page.evaluate(() => localStorage.getItem('td02:auth')!);
  expect(JSON.parse(stored)).toMatchObject({ loggedIn: true, strategy: 'myAccount', name: 'Demo Kund', discount: { A: 12, B: 5 } });
  expect(stored).not.toMatch(/token|demo@partsfront/i);
  const access = (await context.cookies(sv)).find((c) => c.name === 'pf_access');
  expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('pf_access');
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
  // the README's demo guest order, typed as a customer might (the order-number rule ignores spaces)
  await dialog.getByLabel('Ordernummer').fill('100 0017');
  await dialog.getByLabel('E-post').fill('gast@partsfront.test');
  await dialog.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(sv + '/my-order/1000017');
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('td02:auth')!));
  expect(auth).toMatchObject({ loggedIn: true, strategy: 'myOrder', orderId: '1000017' });
});

test("the login dialog also takes the postal code of the order's address instead of the e-mail", async ({ page }) => {
  await page.goto(sv + '/?login=1');
  const dialog = page.getByTestId('login-dialog');
  await page.getByTestId('login-my-order').click();
  await dialog.getByLabel('Ordernummer').fill('1000017');
  await dialog.getByLabel('E-post eller postnummer').fill('41101');
  await dialog.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(sv + '/my-order/1000017');
  // a postal code of another address is refused like a wrong e-mail
  await page.evaluate(() => localStorage.removeItem('td02:auth'));
  await page.context().clearCookies();
  await page.goto(sv + '/?login=1');
  await page.getByTestId('login-my-order').click();
  await dialog.getByLabel('Ordernummer').fill('1000017');
  await dialog.getByLabel('E-post eller postnummer').fill('111 22');
  await dialog.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(page).not.toHaveURL(/my-order\/1000017/);
});
