/**
 * Accounts by e-mail link (docs/product/accounts.md#one-time-links): create an account (login dialog or checkout),
 * forgot password, login link, set and change the password. Whether an e-mail has an account is never revealed:
 * the request-a-link calls do the same visible thing (nothing) either way, and only the mailbox owner learns.
 */
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { CustomersTable } from '#server/db/schema.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { accountLinkMail, type AccountLinkMailKind } from '#lib/mail/account-link-mail.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { consumeOneTimeToken, issueOneTimeToken, ONE_TIME_TTL_SECONDS, peekOneTimeToken, type OneTimePurpose } from './one-time-tokens.ts';
import { customerByEmail, customerById, normalEmail, sessionFor, type AccountSession } from './account-service.ts';
import { revokeFamily } from './sessions.ts';

type CustomerRow = Selectable<CustomersTable>;

/** Which query parameter of the storefront's home page each link uses (docs/product/routes.md#query-parameters). */
const LINK_QUERY: Record<AccountLinkMailKind, string> = {
  set_password: 'set_password',
  password_reset: 'set_password',
  login_link: 'token',
};
const PURPOSE_OF: Record<AccountLinkMailKind, OneTimePurpose> = {
  set_password: 'set_password',
  password_reset: 'reset_password',
  login_link: 'login_link',
};

/** Issues the one-time token and queues the e-mail carrying its link, in the storefront's language. */
export async function sendAccountLink(
  db: Db,
  locale: LocaleCode,
  kind: AccountLinkMailKind,
  customer: CustomerRow,
  now = Date.now(),
): Promise<void> {
  const purpose = PURPOSE_OF[kind];
  const ttlSeconds = ONE_TIME_TTL_SECONDS[purpose];
  const token = await issueOneTimeToken(db, { purpose, customerId: customer.id, email: customer.email, ttlSeconds, now });
  const url = `${siteSettings().origins[locale]}/?${LINK_QUERY[kind]}=${token}`;
  const content = accountLinkMail(locale, kind, { name: customer.name, url, validMinutes: ttlSeconds / 60 });
  await enqueueMail(db, { ...content, kind, locale, to: customer.email }, { now: new Date(now) });
}

/**
 * A customer row for an e-mail that has none: no password yet ('' never verifies). Ids are max + 1 (the
 * customers table has no sequence on PostgreSQL), retried when a concurrent insert took the id. Answers
 * undefined when the e-mail already has an account (whoever created it).
 */
export async function createCustomer(db: Db, email: string, name: string, now = Date.now()): Promise<CustomerRow | undefined> {
  const address = normalEmail(email);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await customerByEmail(db, address)) return undefined;
    const max = await db
      .selectFrom('customers')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirst();
    const id = Number(max?.m ?? 0) + 1;
    const r = await db
      .insertInto('customers')
      .values({ id, email: address, name, password_hash: '', discounts: '{}', created_at: new Date(now).toISOString() })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 1) return customerById(db, id);
  }
  throw new Error('could not allocate a customer id');
}

/** "Create an account" in the login dialog: a new account gets the set-password link; an existing e-mail gets nothing. */
export async function registerAccount(db: Db, locale: LocaleCode, email: string, name: string, now = Date.now()): Promise<void> {
  const created = await createCustomer(db, email, name, now);
  if (created) await sendAccountLink(db, locale, 'set_password', created, now);
}

/** "Forgot password": the reset link goes to the account's address, if there is an account. */
export async function requestPasswordReset(db: Db, locale: LocaleCode, email: string, now = Date.now()): Promise<void> {
  const row = await customerByEmail(db, email);
  if (row) await sendAccountLink(db, locale, 'password_reset', row, now);
}

/** "E-mail me a login link": a one-time sign-in link to the account's address, if there is an account. */
export async function requestLoginLink(db: Db, locale: LocaleCode, email: string, now = Date.now()): Promise<void> {
  const row = await customerByEmail(db, email);
  if (row) await sendAccountLink(db, locale, 'login_link', row, now);
}

/** The `token` query: a login link's token, used once, signs in. */
export async function loginWithToken(db: Db, token: string, now = Date.now()): Promise<AccountSession | undefined> {
  const used = await consumeOneTimeToken(db, token, 'login_link', now);
  const row = used ? await customerById(db, used.customerId) : undefined;
  return row ? sessionFor(db, row, now) : undefined;
}

/** Every session of a customer ends (a new password is set): other devices have to log in again. */
async function revokeCustomerSessions(db: Db, customerId: number, keepFamily: string | undefined, now: number): Promise<void> {
  const families = await db
    .selectFrom('auth_refresh_tokens')
    .select('family_id')
    .distinct()
    .where('scope', '=', 'my-account')
    .where('customer_id', '=', customerId)
    .execute();
  for (const f of families) if (f.family_id !== keepFamily) await revokeFamily(db, f.family_id, 'password changed', now);
}

async function storePassword(db: Db, customerId: number, password: string, keepFamily: string | undefined, now: number): Promise<void> {
  await db
    .updateTable('customers')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', customerId)
    .execute();
  await revokeCustomerSessions(db, customerId, keepFamily, now);
}

/** The customer a set-password or reset token belongs to, using it up. */
async function consumePasswordToken(db: Db, token: string, now: number) {
  return (await consumeOneTimeToken(db, token, 'set_password', now)) ?? (await consumeOneTimeToken(db, token, 'reset_password', now));
}

/** The link from a set-password or reset e-mail: the new password is stored and the customer signed in. */
export async function setPasswordWithToken(db: Db, token: string, password: string, now = Date.now()): Promise<AccountSession | undefined> {
  const used = await consumePasswordToken(db, token, now);
  const row = used ? await customerById(db, used.customerId) : undefined;
  if (!row) return undefined;
  await storePassword(db, row.id, password, undefined, now);
  return sessionFor(db, row, now);
}

export type ChangePasswordResult = 'changed' | 'wrong_password' | 'invalid_token';

/**
 * A logged-in customer changes their password with the current one, or with a set-password/reset token issued
 * to them (an account from checkout has no current password). The current session stays; others end.
 */
export async function changePassword(
  db: Db,
  customerId: number,
  input: { current_password?: string | undefined; token?: string | undefined; password: string },
  currentFamily: string | undefined,
  now = Date.now(),
): Promise<ChangePasswordResult> {
  const row = await customerById(db, customerId);
  if (!row) return 'wrong_password';
  if (input.token !== undefined) {
    // another customer's token is refused without being used up
    const owner =
      (await peekOneTimeToken(db, input.token, 'set_password', now)) ?? (await peekOneTimeToken(db, input.token, 'reset_password', now));
    if (owner?.customerId !== customerId) return 'invalid_token';
    const used = await consumePasswordToken(db, input.token, now);
    if (used?.customerId !== customerId) return 'invalid_token';
  } else if (!row.password_hash || !(await verifyPassword(input.current_password ?? '', row.password_hash))) {
    return 'wrong_password';
  }
  await storePassword(db, customerId, input.password, currentFamily, now);
  return 'changed';
}
