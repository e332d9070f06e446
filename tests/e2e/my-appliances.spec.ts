/**
 * "My appliances" in the browser (docs/product/parts-finder.md#my-appliances): a model saved on its page is listed in
 * the header, kept over a reload, merged into the demo account on login, listed in My account, and back after the
 * browser's storage is cleared and the shopper logs in again. The header panel passes axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { pathFor } from '#lib/routing/routes.ts';
import { modelBySlug } from '#server/catalogue/appliance-models.ts';
import { origin } from '#tests/support/test-env.ts';
import { withDb } from './account-fixtures.ts';
import { seriousAxe } from './a11y-fixtures.ts';
import { consentGiven, hydrated } from './islands-fixtures.ts';

const sv = origin('sv');
const SLUG = 'electrolux-el102s';
const DEMO = { email: 'demo@partsfront.test', password: 'demo-parts-1' };

async function demoCustomerId(): Promise<number> {
  return withDb(async (db) => (await db.selectFrom('customers').where('email', '=', DEMO.email).select('id').executeTakeFirstOrThrow()).id);
}

/** Logs in through the header's login dialog; answers once the account's list has come back to the browser. */
async function logInWithDialog(page: Page): Promise<void> {
  await page.goto(sv + '/?login=1');
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel('E-post').fill(DEMO.email);
  await dialog.getByLabel('Lösenord').fill(DEMO.password);
  const merged = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/my-appliances' && r.status() === 200);
  await dialog.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page).toHaveURL(sv + '/my-account/orders');
  await merged;
}

test.beforeEach(async ({ page }) => {
  await consentGiven(page, sv);
  // the demo account is shared: start its saved models empty
  const id = await demoCustomerId();
  await withDb((db) => db.deleteFrom('customer_models').where('customer_id', '=', id).execute());
});

test('save on the model page → in the header → kept over a reload → in the account → back after clearing storage and a new login', async ({
  page,
}) => {
  const model = (await withDb((db) => modelBySlug(db, SLUG, 'sv')))!;
  const name = `${model.brand} ${model.number}`;
  const modelPath = pathFor('model-slug', 'sv', { slug: SLUG });
  const header = page.getByTestId('my-appliances');
  const panel = page.getByTestId('my-appliances-panel');

  await page.goto(sv + modelPath);
  await hydrated(page);
  await expect(page.getByTestId('my-appliances-count')).toBeHidden();
  // nothing saved yet: the panel says how to save one
  await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('my-appliances-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  const save = page.getByTestId('save-model');
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await expect(save).toHaveAccessibleName('Spara i Mina maskiner');
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  await expect(save).toHaveAccessibleName('Sparad');
  await expect(page.getByTestId('my-appliances-count')).toHaveText('1');

  // the header lists it, by keyboard too
  await header.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  const link = page.getByTestId('my-appliances-list').getByRole('link', { name: new RegExp(name) });
  await expect(link).toHaveAttribute('href', modelPath);
  await expect(page.getByTestId('my-appliances-empty')).toBeHidden();
  expect(await seriousAxe(page, '[data-my-appliances]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(header).toBeFocused();

  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('save-model')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('my-appliances-count')).toHaveText('1');

  // login: the browser's model goes to the account
  await logInWithDialog(page);
  const customerId = await demoCustomerId();
  const rows = await withDb((db) => db.selectFrom('customer_models').where('customer_id', '=', customerId).select('model_id').execute());
  expect(rows).toEqual([{ model_id: model.id }]);
  await page.goto(sv + '/my-account');
  await expect(page.getByTestId('account-my-appliances').getByRole('link', { name })).toHaveAttribute('href', modelPath);

  // a cleared browser has nothing saved until the account is back
  await page.evaluate(() => localStorage.clear());
  await page.goto(sv + '/');
  await hydrated(page);
  await expect(page.getByTestId('my-appliances-count')).toBeHidden();
  await logInWithDialog(page);
  await expect(page.getByTestId('my-appliances-count')).toHaveText('1');
  await page.getByTestId('my-appliances').click();
  await expect(page.getByTestId('my-appliances-list').getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', modelPath);
});

test('removing in the header while logged in removes it from the account too', async ({ page }) => {
  const customerId = await demoCustomerId();
  const model = (await withDb((db) => modelBySlug(db, SLUG, 'sv')))!;
  await withDb((db) =>
    db.insertInto('customer_models').values({ customer_id: customerId, model_id: model.id, saved_at: new Date().toISOString() }).execute(),
  );
  await logInWithDialog(page);
  await page.getByTestId('my-appliances').click();
  const removed = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.status() === 200);
  await page.getByRole('button', { name: `Ta bort ${model.brand} ${model.number} från Mina maskiner` }).click();
  await removed;
  await expect(page.getByTestId('my-appliances-empty')).toBeVisible();
  await expect(page.getByTestId('my-appliances-count')).toBeHidden();
  const rows = await withDb((db) => db.selectFrom('customer_models').where('customer_id', '=', customerId).selectAll().execute());
  expect(rows).toEqual([]);
});

test('on a phone the open panel stays on the screen', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await ctx.newPage();
  await consentGiven(page, sv);
  await page.goto(sv + pathFor('model-slug', 'sv', { slug: SLUG }));
  await hydrated(page);
  await page.getByTestId('save-model').click();
  await page.getByTestId('my-appliances').click();
  const panel = page.getByTestId('my-appliances-panel');
  await expect(panel.getByRole('link')).toHaveCount(1);
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await ctx.close();
});
