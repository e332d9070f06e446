/**
 * Changing an account's e-mail (docs/product/account-pages.md#changing-the-e-mail). The e-mail is the login
 * and what guest orders are matched on, so a new one must prove it reaches its owner: the profile keeps it
 * as pending and a one-time link (purpose verify_email, 24 h) goes to the new address through the outbox.
 * Using the link replaces the e-mail — unless another account has taken it meanwhile.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { verifyEmailMail } from '#lib/mail/verify-email-mail.ts';
import { consumeOneTimeToken, issueOneTimeToken, ONE_TIME_TTL_SECONDS, peekOneTimeToken } from '#server/auth/one-time-tokens.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { siteSettings } from '#server/market/site-settings.ts';

/** The query parameter of the verification link on the profile page. */
export const VERIFY_EMAIL_PARAM = 'verify_email';

export async function sendEmailVerification(db: Db, locale: LocaleCode, customerId: number, name: string, newEmail: string): Promise<void> {
  const ttl = ONE_TIME_TTL_SECONDS.verify_email;
  const token = await issueOneTimeToken(db, { purpose: 'verify_email', customerId, email: newEmail, ttlSeconds: ttl });
  const url = `${siteSettings().origins[locale]}${pathFor('my-account-profile-edit', locale)}?${VERIFY_EMAIL_PARAM}=${encodeURIComponent(token)}`;
  const content = verifyEmailMail(locale, { name, url, validHours: ttl / 3600 });
  await enqueueMail(db, { ...content, kind: 'verify_email', locale, to: newEmail });
}

/** The address a still-usable link would confirm (to show the confirm step), without using it. */
export async function pendingVerification(db: Db, token: unknown): Promise<string | undefined> {
  const found = await peekOneTimeToken(db, token, 'verify_email');
  return found?.email ?? undefined;
}

export type VerifyOutcome = { ok: true; email: string } | { ok: false; reason: 'invalid' | 'taken' };

/** Uses the link once: the account's e-mail becomes the verified one and nothing is pending any more. */
export async function confirmEmailChange(db: Db, token: unknown): Promise<VerifyOutcome> {
  const used = await consumeOneTimeToken(db, token, 'verify_email');
  const email = used?.email?.toLowerCase();
  if (!used || !email) return { ok: false, reason: 'invalid' };
  const other = await db
    .selectFrom('customers')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', used.customerId)
    .executeTakeFirst();
  if (other) return { ok: false, reason: 'taken' };
  try {
    await db
      .updateTable('customers')
      .set({ email, pending_email: null, profile_updated_at: new Date().toISOString() })
      .where('id', '=', used.customerId)
      .execute();
  } catch {
    // the unique index on e-mail: another account took it between the check and the update
    return { ok: false, reason: 'taken' };
  }
  return { ok: true, email };
}
