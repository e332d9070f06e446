/**
 * A company account in the browser (docs/product/company-accounts.md): a customer founds a company on
 * /my-account/company, becomes its admin, invites a colleague (the invitation listed, the e-mail queued), and the page
 * passes axe in both states. The rest of issue 28's company journey (approval above a limit) follows with orders.
 */
import { expect, test } from '@playwright/test';
import { hashPassword } from '#server/auth/passwords.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, watchErrors } from './islands-fixtures.ts';
import { logInAs, withDb } from './account-fixtures.ts';
import { seriousAxe } from './a11y-fixtures.ts';
import { swedishOrgNumber } from '#tests/support/org-numbers.ts';

const sv = origin('sv');
const run = Date.now();

test('sv: found a company, invite a colleague', async ({ page }) => {
  const errors = watchErrors(page);
  const email = `founder-${run}@example.se`;
  const password = 'founder pass 1';
  await withDb(async (db) => {
    const c = (await createCustomer(db, email, 'Frida Founder'))!;
    await db
      .updateTable('customers')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', c.id)
      .execute();
  });
  await consentGiven(page, sv);
  await logInAs(page, 'sv', email, password);
  await page.goto(sv + '/my-account/company');
  const create = page.getByTestId('company-create-form');
  await expect(create).toBeVisible();
  expect(await seriousAxe(page)).toEqual([]);
  const org = swedishOrgNumber(run);
  const found = async (number: string) => {
    await create.getByLabel('Företagsnamn').fill('Fastighetsteknik i Göteborg AB');
    await create.getByLabel('Organisationsnummer').fill(number);
    await create.getByLabel('Gatuadress').fill('Verkstadsgatan 2');
    await create.getByLabel('Postnummer').fill('411 04');
    await create.getByLabel('Ort').fill('Göteborg');
    await create.getByTestId('company-create').click();
  };
  // a number failing its check digit is refused, in Swedish
  await found(org.slice(0, 9) + String((Number(org[9]) + 1) % 10));
  await expect(page.getByTestId('company-refused')).toHaveAttribute('data-reason', 'organisation_number');
  await found(org);
  await expect(page.getByTestId('company-done')).toHaveText('Företagskontot är skapat. Du är dess administratör.');
  await expect(page.getByTestId('company-details')).toHaveAttribute('data-role', 'admin');
  await expect(page.getByTestId('company-member')).toHaveCount(1);

  const invite = page.getByTestId('company-invite-form');
  await invite.getByLabel('E-post').fill(`colleague-${run}@example.se`);
  await invite.getByLabel('Roll').selectOption('buyer');
  await invite.getByLabel('Beställningsgräns (SEK)').fill('5000');
  await invite.getByTestId('company-invite-send').click();
  await expect(page.getByTestId('company-done')).toHaveText('Inbjudan är skickad.');
  await expect(page.getByTestId('company-invitations').locator('li')).toHaveText([new RegExp(`colleague-${run}@example\\.se`)]);
  expect(await seriousAxe(page)).toEqual([]);
  const mails = await withDb((db) =>
    db.selectFrom('mail_outbox').select('kind').where('recipient', '=', `colleague-${run}@example.se`).execute(),
  );
  expect(mails).toEqual([{ kind: 'company_invite' }]);
  expect(errors).toEqual([]);
});
