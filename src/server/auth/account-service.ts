/** myAccount strategy (docs/product/accounts.md#strategies): login, refresh, profile over the customers table. */
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { AuthResponse, AuthUser } from '#lib/api/auth-contracts.ts';
import type { CustomersTable } from '#server/db/schema.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { bearerToken, verifyToken } from './tokens.ts';
import { familyActive, rotateRefreshToken, startSession, type SessionTokens } from './sessions.ts';
import { ACCESS_COOKIE, cookieFromHeader } from './visitor.ts';

type CustomerRow = Selectable<CustomersTable>;

// Verifying against a dummy hash when the email is unknown keeps the answer time the same (no account probing).
// Made once, on the first login, off the event loop like every hash.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('not-a-real-password'));

/** How e-mails are compared and stored: trimmed, lower-cased. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export function userOf(row: Pick<CustomerRow, 'id' | 'email' | 'name' | 'discounts'>): AuthUser {
  let discount: Record<string, number> = {};
  try {
    const parsed = JSON.parse(row.discounts) as Record<string, unknown>;
    discount = Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number' && e[1] >= 0 && e[1] <= 100),
    );
  } catch {
    /* a broken map gives no discount */
  }
  return { id: row.id, email: row.email, name: row.name, discount };
}

export type AccountSession = AuthResponse & { session: SessionTokens };

const answerOf = (session: SessionTokens, row: CustomerRow): AccountSession => ({
  access_token: session.access_token,
  refresh_token: session.refresh_token,
  expires_in: session.expires_in,
  user: userOf(row),
  session,
});

export const customerById = (db: Db, id: number) => db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
export const customerByEmail = (db: Db, email: string) =>
  db.selectFrom('customers').selectAll().where('email', '=', normalEmail(email)).executeTakeFirst();

/** A new session for a customer (after a login, a login link or setting a password). */
export async function sessionFor(db: Db, row: CustomerRow, now = Date.now()): Promise<AccountSession> {
  return answerOf(await startSession(db, { scope: 'my-account', customerId: row.id }, now), row);
}

export async function login(db: Db, email: string, password: string, now = Date.now()): Promise<AccountSession | undefined> {
  const row = await customerByEmail(db, email);
  // an account created at checkout has no password until its owner sets one: '' never verifies
  const ok = await verifyPassword(password, row?.password_hash || (await dummy()));
  if (!row || !row.password_hash || !ok) return undefined;
  // a full hashing queue must not fail a login that succeeded: the next one tries again
  if (needsRehash(row.password_hash)) await upgradeHash(db, row.id, row.password_hash, password).catch(() => undefined);
  return sessionFor(db, row, now);
}

/**
 * An older hash (scrypt, or a lower Argon2id cost) is replaced at the login that proved the password
 * (docs/adr/0021-password-hashing.md). Only when the row still holds the hash just checked: a password
 * changed meanwhile wins.
 */
async function upgradeHash(db: Db, customerId: number, checked: string, password: string): Promise<void> {
  await db
    .updateTable('customers')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', customerId)
    .where('password_hash', '=', checked)
    .execute();
}

export async function refresh(db: Db, refreshToken: string, now = Date.now()): Promise<AccountSession | undefined> {
  const rotated = await rotateRefreshToken(db, refreshToken, 'my-account', now);
  if (!rotated.ok || rotated.tokens.subject.scope !== 'my-account') return undefined;
  const row = await customerById(db, rotated.tokens.subject.customerId);
  return row ? answerOf(rotated.tokens, row) : undefined;
}

/**
 * The logged-in customer of a request, if any: the access cookie or `Authorization: Bearer <access token>`,
 * with a live refresh family (a logged-out session's access token is refused here).
 */
export async function customerOf(db: Db, headers: Headers, now = Date.now()): Promise<AuthUser | undefined> {
  const token = bearerToken(headers) ?? cookieFromHeader(headers, ACCESS_COOKIE);
  const claims = token ? verifyToken(token, 'access', now) : undefined;
  if (!claims?.fam || !(await familyActive(db, claims.fam))) return undefined;
  const row = await customerById(db, claims.sub);
  return row ? userOf(row) : undefined;
}
