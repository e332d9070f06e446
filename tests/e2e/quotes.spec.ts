/**
 * Quotes in the browser (docs/product/quotes.md): a signed-in customer asks for a quote on their cart on
 * /my-account/quotes, staff answer it on the back office's quote page with a lower price, the buyer accepts it into
 * the checkout and places the order at the quoted total; a quote whose last day passed before the buyer accepted is
 * refused in Swedish. axe on the account page and both back-office pages: 0 findings.
 */
import { expect, test } from '@playwright/test';
import { hashPassword } from '#server/auth/passwords.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, line, seedCart, watchErrors } from './islands-fixtures.ts';
import { logInAs, withDb } from './account-fixtures.ts';
import { chooseShipping, CUSTOMERS, fillCustomer, payByInvoiceAndPlace } from './checkout-fixtures.ts';
import { seriousAxe, wcagViolations } from './a11y-fixtures.ts';
import { ADMIN, signInStaffPage } from './backoffice-fixtures.ts';

const sv = origin('sv');

test('sv: ask on the cart → staff answer → accept → order at the quoted total; an expired quote is refused', async ({ page }) => {
  const errors = watchErrors(page);
  const run = Date.now();
  const email = `quote-buyer-${run}@example.se`;
  const password = 'quote buyer 1';
  await withDb(async (db) => {
    const c = (await createCustomer(db, email, 'Quinn Quote'))!;
    await db
      .updateTable('customers')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', c.id)
      .execute();
  });
  const [product] = await demoProducts('sv', 1);
  await seedCart(page, [line(product!, 3)]);
  await consentGiven(page, sv);
  await logInAs(page, 'sv', email, password);

  // the buyer asks on the cart
  const ask = async (comment: string) => {
    await page.goto(sv + '/my-account/quotes');
    await expect(page.getByTestId('quotes-ask-lines')).toHaveText('Varukorgen har 1 rader.');
    await page.getByLabel('Kommentar (antal, leveransönskemål, projekt …)').fill(comment);
    await page.getByTestId('quotes-ask').click();
    await expect(page.getByTestId('quotes-done')).toHaveText('Din förfrågan är skickad. Vi svarar via e-post.');
    return (await page.getByTestId('quote').first().getAttribute('data-id'))!;
  };
  const expiring = await ask('Kan ni ge ett bättre pris?');
  const id = await ask('Tre stycken till fastighet 12');
  await expect(page.locator(`[data-testid="quote"][data-id="${id}"]`)).toHaveAttribute('data-status', 'open');
  expect(await seriousAxe(page)).toEqual([]);

  // staff answer both at 80 % of the asked unit price
  const bo = await page.context().newPage();
  await signInStaffPage(bo, 'staff');
  await bo.goto(`${ADMIN}/quotes?status=open`);
  await expect(bo.locator(`[data-testid="bo-quote-row"][data-id="${id}"]`)).toHaveAttribute('data-state', 'open');
  expect(await wcagViolations(bo)).toEqual([]);
  const answer = async (quoteId: string): Promise<number> => {
    await bo.goto(`${ADMIN}/quotes/${quoteId}`);
    const price = bo.locator('[data-testid="bo-quote-line"] input[name="price"]');
    const asked = Math.round(Number(await price.inputValue()) * 100);
    const quoted = Math.floor(asked * 0.8);
    await price.fill((quoted / 100).toFixed(2));
    await bo.getByLabel('Answer to the buyer').fill('Projektpris');
    await bo.getByTestId('bo-quote-answer').click();
    await expect(bo.getByTestId('bo-quote-notice')).toHaveText('The quote was sent; the buyer has been e-mailed.');
    await expect(bo.getByTestId('bo-quote')).toHaveAttribute('data-state', 'answered');
    return quoted * 3;
  };
  await bo.goto(`${ADMIN}/quotes/${id}`);
  expect(await wcagViolations(bo)).toEqual([]);
  const quotedGoods = await answer(id);
  expect(await wcagViolations(bo)).toEqual([]);
  await answer(expiring);

  // the buyer sees the answer; the other quote's last day passes while the page is open
  await page.goto(`${sv}/my-account/quotes?quote=${id}`);
  const mine = page.locator(`[data-testid="quote"][data-id="${id}"]`);
  await expect(mine).toHaveAttribute('data-status', 'answered');
  await expect(mine.getByTestId('quote-total')).toHaveAttribute('data-minor', String(quotedGoods));
  expect(await seriousAxe(page)).toEqual([]);
  await withDb((db) => db.updateTable('quotes').set({ valid_until: '2020-01-01' }).where('id', '=', expiring).execute());
  await page.locator(`[data-testid="quote"][data-id="${expiring}"]`).getByTestId('quote-accept').click();
  await expect(page.getByTestId('quotes-refused')).toHaveAttribute('data-reason', 'expired');
  await expect(page.getByTestId('quotes-refused')).toHaveText('Det gick inte: offerten har gått ut. Be om en ny offert.');
  await expect(page.locator(`[data-testid="quote"][data-id="${expiring}"]`)).toHaveAttribute('data-status', 'expired');

  // accept → the checkout at the quoted prices → the order
  await page.locator(`[data-testid="quote"][data-id="${id}"]`).getByTestId('quote-accept').click();
  await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{8,}$/);
  const checkoutId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  // every checkout links to the quotes page (asking happens there, on the cart)
  await expect(page.getByTestId('checkout-ask-quote')).toHaveAttribute('href', '/my-account/quotes');
  await fillCustomer(page, { ...CUSTOMERS.sv, email });
  await chooseShipping(page, 'home');
  await payByInvoiceAndPlace(page);
  const order = await withDb((db) =>
    db.selectFrom('orders').select(['total_minor', 'details']).where('checkout_id', '=', checkoutId).executeTakeFirstOrThrow(),
  );
  const details = JSON.parse(order.details) as { quote_id?: string; totals: { goods_minor: number; shipping_minor: number } };
  expect(details.quote_id).toBe(id);
  expect(details.totals.goods_minor).toBe(quotedGoods);
  expect(Number(order.total_minor)).toBe(quotedGoods + details.totals.shipping_minor);
  await page.goto(`${sv}/my-account/quotes`);
  await expect(page.locator(`[data-testid="quote"][data-id="${id}"]`)).toHaveAttribute('data-status', 'ordered');
  expect(errors).toEqual([]);
});
