/**
 * Back in stock in the browser (docs/product/parts-finder.md#back-in-stock): on an out-of-stock notifyable product's
 * page (sv) the shopper subscribes, opens the confirmation link from the outbox and confirms; the operator adds
 * stock and exactly one e-mail for the request is in the outbox. axe on the form and on the answer pages. The
 * product's stock is put back afterwards (its page is re-rendered with the form again).
 */
import { expect, test } from '@playwright/test';
import { LOCALES } from '#lib/market/locales.ts';
import { request } from '#tests/support/http.ts';
import { E2E_PORT, origin, TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { withDb } from './account-fixtures.ts';
import { seriousAxe } from './a11y-fixtures.ts';

const sv = origin('sv');
const setStock = (sku: string, stock: { stock_status: string; stock_quantity: number }) =>
  request(`http://sv.localhost:${E2E_PORT}/api/operator/products/${encodeURIComponent(sku)}?locale=sv&sid=${LOCALES.sv.storeID}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    body: JSON.stringify({ ...stock, changed_by: 'e2e' }),
  });
const outbox = (email: string, kind: string) =>
  withDb((db) => db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).where('kind', '=', kind).execute());

test('sv: subscribe on an out-of-stock product → confirm from the mail → the operator adds stock → exactly one e-mail', async ({
  page,
}) => {
  // an out-of-stock notifyable product late in the catalogue (no other spec uses it)
  const p = await withDb((db) =>
    db
      .selectFrom('products as p')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .where('p.stock_status', '=', 'out-of-stock')
      .where('p.notifyable', '=', 1)
      .where('p.orderable', '=', 0)
      .select(['p.sku', 't.slug', 't.name'])
      .orderBy('p.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow(),
  );
  const email = `stina-${Date.now().toString(36)}${test.info().workerIndex}@stock.test`;
  await page.goto(`${sv}/produkt/${p.slug}`);
  const form = page.getByTestId('back-in-stock-form');
  await expect(form).toBeVisible();
  await expect(form.getByTestId('back-in-stock-consent')).toContainText('raderar sedan din adress');
  expect(await seriousAxe(page, '[data-testid="back-in-stock-form"]')).toEqual([]);

  // the plain form POST (what a browser without scripts sends: submit() skips the script) answers a page in the
  // storefront's language; this address never confirms
  await form.getByLabel('Din e-postadress').fill(`plain-${email}`);
  await form.evaluate((f) => (f as HTMLFormElement).submit());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bekräfta din bevakning');
  await expect(page.getByTestId('back-in-stock-sent')).toContainText(p.name);
  expect(await seriousAxe(page)).toEqual([]);

  // with scripts: answered in the form
  await page.goto(`${sv}/produkt/${p.slug}`);
  await form.getByLabel('Din e-postadress').fill(email);
  await form.getByRole('button', { name: 'Bevaka' }).click();
  await expect(form.getByTestId('back-in-stock-status')).toContainText(p.name);
  await expect(form.getByTestId('back-in-stock-status')).toHaveAttribute('data-outcome', 'sent');
  await expect(form.getByLabel('Din e-postadress')).toBeHidden();
  expect(await seriousAxe(page, '[data-testid="back-in-stock-form"]')).toEqual([]);

  const [confirmMail] = await outbox(email, 'stock_alert_confirm');
  const link = /https?:\/\/\S+\?confirm=[A-Za-z0-9_-]+/.exec(confirmMail!.text_body)![0];
  expect(link.startsWith(`${sv}/bevakning?confirm=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bekräfta bevakningen');
  expect(await seriousAxe(page)).toEqual([]);
  await page.getByTestId('back-in-stock-confirm').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bevakningen är bekräftad');
  await expect(page.getByTestId('back-in-stock-done')).toContainText(p.name);
  expect(await seriousAxe(page)).toEqual([]);

  try {
    expect((await setStock(p.sku, { stock_status: 'in-stock', stock_quantity: 7 })).status).toBe(200);
    await expect.poll(async () => (await outbox(email, 'stock_alert')).length, { timeout: 10_000 }).toBe(1);
    // a second change sends nothing more: the request has ended
    expect((await setStock(p.sku, { stock_status: 'in-stock', stock_quantity: 9 })).status).toBe(200);
    const [mail, ...more] = await outbox(email, 'stock_alert');
    expect(more).toHaveLength(0);
    expect(await outbox(`plain-${email}`, 'stock_alert')).toHaveLength(0);
    expect(mail!.subject).toBe(`${p.name} går att beställa igen`);
    expect(mail!.text_body).toContain(`${sv}/produkt/${p.slug}`);
  } finally {
    expect((await setStock(p.sku, { stock_status: 'out-of-stock', stock_quantity: 0 })).status).toBe(200);
  }
});
