/**
 * The unsubscribe link in the browser (docs/product/emails.md#marketing-e-mail-and-unsubscribe): a newsletter
 * is queued for a consenting customer, the message is read from the outbox and shown as the customer's mail
 * client would, its link opens the page, one click on the confirm button unsubscribes, and the customer's
 * marketing consent is gone.
 */
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { openDb } from '#server/db/connection.ts';
import { dedupeKeyOf, queueNewsletter } from '#server/mail/newsletter.ts';
import { E2E_PORT, origin, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { insertCustomer, insertPaidOrder } from '#tests/support/test-customers.ts';
import { consentGiven, watchErrors } from './islands-fixtures.ts';

// The public port in the links the newsletter writes: the e2e server's, as an operator would configure it.
process.env.PARTSFRONT_PUBLIC_PORT = String(E2E_PORT);

test('sv: the newsletter link → confirm → unsubscribed, consent withdrawn', async ({ page }) => {
  const errors = watchErrors(page);
  const stamp = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const email = `nina-${stamp}@unsub.test`;
  const campaign = `e2e-${stamp}`;
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    const at = new Date().toISOString();
    const id = await insertCustomer(db, { email, name: 'Nina', created_at: at, marketing_consent: 1, marketing_consent_at: at });
    await insertPaidOrder(db, { id: `UN-E2E-${stamp}`, locale: 'sv', currency: 'SEK', email, customer_id: id, created_at: at });
    await queueNewsletter(
      db,
      { locale: 'sv', subject: 'Vinterrea', text: 'Filter till halva priset.', html: null, id: campaign },
      { smtp: false },
    );
    const mail = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('dedupe_key', '=', dedupeKeyOf(campaign, email))
      .executeTakeFirstOrThrow();

    // The message as a mail client shows it; its unsubscribe link is the one in List-Unsubscribe.
    await consentGiven(page, origin('sv'));
    await page.setContent(mail.html_body);
    const link = page.getByRole('link', { name: 'Avregistrera dig' });
    const href = await link.getAttribute('href');
    expect(`<${href}>`).toBe((JSON.parse(mail.headers) as Record<string, string>)['List-Unsubscribe']);
    expect(href!.startsWith(`${origin('sv')}/unsubscribe?unsub=`)).toBe(true);
    await link.click();

    await page.waitForURL(href!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avregistrera dig från nyhetsbrevet');
    await expect(page.getByTestId('unsubscribe-email')).toContainText('n***@unsub.test');
    expect(await db.selectFrom('mail_suppressions').select('email').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await page.getByTestId('unsubscribe-confirm').click();
    await expect(page.getByTestId('unsubscribe-done')).toHaveText(
      'n***@unsub.test får inga fler nyhetsbrev eller erbjudanden från oss. Mejl om dina beställningar skickas som vanligt.',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Du är avregistrerad');
    const customer = await db
      .selectFrom('customers')
      .select(['marketing_consent', 'marketing_consent_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(customer.marketing_consent).toBe(0);
    expect(Date.parse(customer.marketing_consent_at!)).toBeGreaterThanOrEqual(Date.parse(at));
    expect(await db.selectFrom('mail_suppressions').selectAll().where('email', '=', email).executeTakeFirst()).toMatchObject({
      locale: 'sv',
      reason: 'unsubscribe_link',
    });
    expect(errors).toEqual([]);
  } finally {
    await db.destroy();
  }
});
