/**
 * Accounts by e-mail link in the browser (docs/product/accounts.md#one-time-links): the links come from the outbox
 * (read from the e2e database, as the shop wrote them). Forgot password → set password, the link refused the
 * second time; a login link via `?token=`; an account created at checkout, its password set, then a login.
 * Sessions are httpOnly cookies; the persisted `auth` slice never holds a token.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { insertCustomer } from '#tests/support/test-customers.ts';
import { withDb } from './account-fixtures.ts';
import { consentGiven, demoProducts, hydrated, line, seedCart } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, fillCustomer, openCheckoutWith, payByInvoiceAndPlace } from './checkout-fixtures.ts';

const sv = origin('sv');

/** A customer of this test only (unique e-mail), with a password. */
async function customer(tag: string, password = 'e2e first password'): Promise<string> {
  const email = `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@partsfront.test`;
  await withDb((db) => insertCustomer(db, { email, name: 'E2E Kund', password }));
  return email;
}

/** The link of the newest mail of a kind to an address, as the shop wrote it in the outbox. */
async function linkIn(email: string, kind: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const row = await withDb((db) =>
      db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('recipient', '=', email)
        .where('kind', '=', kind)
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),
    );
    const url = row && /https?:\/\/\S+[?&](?:set_password|token)=[A-Za-z0-9_-]{43}/.exec(row.text_body)?.[0];
    if (url) return url;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${kind} mail to ${email}`);
}

/** The persisted auth slice holds no token, and the session is in httpOnly, SameSite=Lax cookies. */
async function expectCookieSession(page: Page, context: BrowserContext): Promise<void> {
  const stored = await page.evaluate(() => localStorage.getItem('td02:auth') ?? '');
  expect(JSON.parse(stored)).toMatchObject({ loggedIn: true, strategy: 'myAccount' });
  expect(stored).not.toMatch(/token/i);
  const cookies = await context.cookies(sv);
  for (const name of ['pf_access', 'pf_refresh']) {
    const c = cookies.find((x) => x.name === name);
    expect(c, name).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(stored).not.toContain(c!.value);
  }
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/pf_(access|refresh)/);
}

test.beforeEach(async ({ page }) => consentGiven(page, sv));

test('forgot password: the e-mailed link sets a new password once; the second use is refused', async ({ page, context }) => {
  const email = await customer('forgot');
  await page.goto(sv + '/?login=1');
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByTestId('login-forgot').click();
  await expect(dialog).toHaveAttribute('data-view', 'forgot');
  await dialog.getByLabel('E-post').fill(email);
  await dialog.getByRole('button', { name: 'Skicka länken' }).click();
  await expect(dialog.getByTestId('login-done')).toContainText('Om det finns ett konto');

  const link = await linkIn(email, 'password_reset');
  expect(link.startsWith(sv + '/?set_password=')).toBe(true);
  await page.goto(link);
  await expect(dialog).toHaveAttribute('data-view', 'set-password');
  await expect(page).toHaveURL(sv + '/'); // the token leaves the address bar
  await dialog.getByLabel('Nytt lösenord').fill('e2e second password');
  await dialog.getByRole('button', { name: 'Spara' }).click();
  await page.waitForURL(sv + '/my-account/orders');
  await expectCookieSession(page, context);

  // the same link again: refused, nothing changes
  await page.goto(link);
  await expect(dialog).toHaveAttribute('data-view', 'set-password');
  await dialog.getByLabel('Nytt lösenord').fill('e2e third password');
  await dialog.getByRole('button', { name: 'Spara' }).click();
  await expect(dialog.getByTestId('login-error')).toHaveText('Länken är ogiltig, har gått ut eller har redan använts. Be om en ny.');
  await expect(page).toHaveURL(sv + '/');
  // from there a new link is one click away
  await dialog.getByTestId('login-new-link').click();
  await expect(dialog).toHaveAttribute('data-view', 'forgot');

  // the password the first use set is the one that works
  await page.context().clearCookies();
  await consentGiven(page, sv);
  const status = await page.evaluate(
    async ([e, p]) =>
      (
        await fetch('/api/auth/login?locale=sv&sid=1', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: e, password: p }),
        })
      ).status,
    [email, 'e2e second password'] as const,
  );
  expect(status).toBe(200);
});

test('a login link (?token=) signs in once, clears the checkout and goes to my account orders', async ({ page, context }) => {
  const email = await customer('link');
  await seedCart(page, [], { checkoutID: 'co-1', paymentMethod: 'klarna', sessions: { card: { id: 's1', locale: 'sv' } } });
  await page.goto(sv + '/?login=1');
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByTestId('login-link').click();
  await dialog.getByLabel('E-post').fill(email);
  await dialog.getByRole('button', { name: 'Skicka länken' }).click();
  await expect(dialog.getByTestId('login-done')).toBeVisible();

  const link = await linkIn(email, 'login_link');
  expect(link.startsWith(sv + '/?token=')).toBe(true);
  await page.goto(link);
  await page.waitForURL(sv + '/my-account/orders');
  await expectCookieSession(page, context);
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('td02:cart')!));
  expect(cart).toMatchObject({ checkoutID: null, paymentMethod: null, sessions: {} });
  await expect(page.getByTestId('account-link')).toHaveAttribute('data-target', 'orders');

  // used: a second visit shows the refusal in the login dialog and signs nobody in
  await context.clearCookies();
  await page.evaluate(() => localStorage.removeItem('td02:auth'));
  await page.goto(link);
  await expect(page.getByTestId('login-dialog').getByTestId('login-notice')).toContainText('Länken är ogiltig');
  await expect(page).toHaveURL(sv + '/');
  expect((await context.cookies(sv)).some((c) => c.name === 'pf_access')).toBe(false);
});

test('an account created with an order at checkout: set the password from the e-mail, then log in', async ({ page, context }) => {
  const email = `e2e-checkout-${Date.now()}@partsfront.test`;
  const [product] = await demoProducts('sv', 1);
  await openCheckoutWith(page, 'sv', [line(product!, 1)]);
  await fillCustomer(page, { ...CUSTOMERS.sv, email });
  const box = page.getByTestId('checkout-create-account');
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(box).toBeChecked();
  await chooseShipping(page, 'home');
  await payByInvoiceAndPlace(page);
  const number = (await page.getByTestId('order-number').textContent())!.trim();

  const order = await withDb((db) => db.selectFrom('orders').select('customer_id').where('id', '=', number).executeTakeFirstOrThrow());
  const account = await withDb((db) =>
    db.selectFrom('customers').select(['id', 'name']).where('email', '=', email).executeTakeFirstOrThrow(),
  );
  expect(order.customer_id).toBe(account.id);
  expect(account.name).toBe(`${CUSTOMERS.sv.first_name} ${CUSTOMERS.sv.last_name}`);

  await page.goto(await linkIn(email, 'set_password'));
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog.getByRole('heading')).toHaveText('Välj ditt lösenord');
  await dialog.getByLabel('Nytt lösenord').fill('kort');
  await dialog.getByRole('button', { name: 'Spara' }).click();
  await expect(dialog).toHaveAttribute('data-view', 'set-password'); // the browser asks for 8 characters first
  await dialog.getByLabel('Nytt lösenord').fill('my checkout password');
  await dialog.getByRole('button', { name: 'Spara' }).click();
  await page.waitForURL(sv + '/my-account/orders');
  await expectCookieSession(page, context);

  // log out with a `data-logout` control (as the account navigation has): the server ends the session
  const session = (await context.cookies(sv)).find((c) => c.name === 'pf_access')!.value;
  await page.evaluate(() => {
    const b = Object.assign(document.createElement('button'), { textContent: 'Logga ut' });
    b.dataset.logout = '';
    document.body.append(b);
  });
  await page.getByRole('button', { name: 'Logga ut' }).click();
  await page.waitForURL(sv + '/');
  expect((await context.cookies(sv)).some((c) => c.name.startsWith('pf_'))).toBe(false);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('td02:auth')))!)).toMatchObject({ loggedIn: false });
  await expect(page.getByTestId('account-link')).toHaveAttribute('data-target', 'login');
  // the access token of the ended session is refused even where it is still unexpired
  const afterLogout = await page.evaluate(
    async (token) => (await fetch('/api/auth/profile?locale=sv&sid=1', { headers: { authorization: `Bearer ${token}` } })).status,
    session,
  );
  expect(afterLogout).toBe(401);

  // log in with the new password from a personal page: it stays there
  await page.goto(sv + '/my-account/subscriptions?login=1');
  await hydrated(page);
  await dialog.getByLabel('E-post').fill(email);
  await dialog.getByLabel('Lösenord').fill('my checkout password');
  await dialog.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(sv + '/my-account/subscriptions');
  await expectCookieSession(page, context);
});
