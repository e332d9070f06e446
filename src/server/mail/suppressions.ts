/**
 * The suppression list (docs/product/emails.md#marketing-e-mail-and-unsubscribe): an address that used an
 * unsubscribe link gets no marketing mail from any storefront again — the newsletter does not queue it and
 * the delivery worker skips what was queued before. The customer's marketing consent is withdrawn with it.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

export type SuppressionReason = 'unsubscribe_link' | 'one_click';

const normal = (email: string) => email.trim().toLowerCase();

/** Records the unsubscribe and withdraws the consent of the customer with that address; doing it again changes nothing. */
export async function suppressAddress(
  db: Db,
  s: { email: string; locale: LocaleCode; reason: SuppressionReason },
  now = new Date(),
): Promise<void> {
  const email = normal(s.email);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mail_suppressions')
      .values({ email, locale: s.locale, reason: s.reason, created_at: at })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    await trx
      .updateTable('customers')
      .set({ marketing_consent: 0, marketing_consent_at: at })
      .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', email))
      .where('marketing_consent', '=', 1)
      .execute();
  });
}

export async function isSuppressed(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('mail_suppressions').select('email').where('email', '=', normal(email)).executeTakeFirst();
  return row !== undefined;
}

/** The customer gave their consent again (profile): the address may get marketing mail once more. */
export async function liftSuppression(db: Db, email: string): Promise<void> {
  await db.deleteFrom('mail_suppressions').where('email', '=', normal(email)).execute();
}
