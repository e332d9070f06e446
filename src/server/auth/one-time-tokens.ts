/**
 * One-time tokens (docs/product/accounts.md#one-time-links): a random secret mailed to a customer, stored only
 * as a hash with its purpose, customer, optional e-mail and expiry. Consuming marks it used in one conditional
 * update, so it works once even under concurrent clicks; a token of another purpose, an expired or a used
 * one is refused alike. Issuing a new token of a purpose retires the customer's earlier unused ones.
 */
import type { Db } from '#server/db/connection.ts';
import { isOpaqueToken, newOpaqueToken, tokenHash } from '#server/security/token-hash.ts';

export const ONE_TIME_PURPOSES = ['set_password', 'reset_password', 'login_link', 'verify_email'] as const;
export type OneTimePurpose = (typeof ONE_TIME_PURPOSES)[number];

/**
 * Lifetimes: a set-password link follows an order or a registration and may be read a day later (48 h); a
 * password reset and an e-mail verification are asked for now (1 h, 24 h); a login link signs in and is the
 * most powerful, so 15 min.
 */
export const ONE_TIME_TTL_SECONDS: Record<OneTimePurpose, number> = {
  set_password: 48 * 3600,
  reset_password: 3600,
  login_link: 15 * 60,
  verify_email: 24 * 3600,
};

export interface OneTimeTokenInput {
  purpose: OneTimePurpose;
  customerId: number;
  /** The address the link was sent to (e.g. the new address for verify_email). */
  email?: string;
  ttlSeconds: number;
  now?: number;
}

export interface ConsumedToken {
  customerId: number;
  email: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Stores the hash and answers the token (to be put in a link, never stored in clear). */
export async function issueOneTimeToken(db: Db, input: OneTimeTokenInput): Promise<string> {
  const now = input.now ?? Date.now();
  if (!(input.ttlSeconds > 0)) throw new Error('a one-time token needs a positive lifetime');
  const token = newOpaqueToken();
  await db
    .updateTable('auth_one_time_tokens')
    .set({ used_at: iso(now) })
    .where('customer_id', '=', input.customerId)
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('auth_one_time_tokens')
    .values({
      token_hash: tokenHash(token),
      purpose: input.purpose,
      customer_id: input.customerId,
      email: input.email ?? null,
      created_at: iso(now),
      expires_at: iso(now + input.ttlSeconds * 1000),
      used_at: null,
    })
    .execute();
  return token;
}

/** Whether the token is currently usable for the purpose, without using it (to show the right form). */
export async function peekOneTimeToken(
  db: Db,
  token: unknown,
  purpose: OneTimePurpose,
  now = Date.now(),
): Promise<ConsumedToken | undefined> {
  if (!isOpaqueToken(token)) return undefined;
  const row = await db
    .selectFrom('auth_one_time_tokens')
    .select(['customer_id', 'email'])
    .where('token_hash', '=', tokenHash(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', iso(now))
    .executeTakeFirst();
  return row ? { customerId: Number(row.customer_id), email: row.email } : undefined;
}

/** Uses the token once: its customer (and e-mail), or undefined for unknown, other-purpose, expired or used. */
export async function consumeOneTimeToken(
  db: Db,
  token: unknown,
  purpose: OneTimePurpose,
  now = Date.now(),
): Promise<ConsumedToken | undefined> {
  const found = await peekOneTimeToken(db, token, purpose, now);
  if (!found || typeof token !== 'string') return undefined;
  const r = await db
    .updateTable('auth_one_time_tokens')
    .set({ used_at: iso(now) })
    .where('token_hash', '=', tokenHash(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? found : undefined;
}
