/**
 * Sessions (docs/product/accounts.md#tokens): a login starts a refresh-token family; every refresh rotates the
 * token (the presented one is marked used, a successor is added) and hands out a new access token. Presenting
 * a used token again means two parties hold the family, so the whole family is revoked and the caller gets
 * nothing. Logout revokes the family too. Access tokens stay stateless but name their family (`fam`).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import { issueToken, TOKEN_MAX_AGE_SECONDS, type TokenScope } from './tokens.ts';
import { isOpaqueToken, newOpaqueToken, tokenHash } from '#server/security/token-hash.ts';
import { pruneAuthState } from './prune-auth.ts';

/** Refresh tokens live as long as access tokens, 3600 s (docs/product/accounts.md#tokens); each rotation starts a new 3600 s. */
export const REFRESH_MAX_AGE_SECONDS = TOKEN_MAX_AGE_SECONDS;

export type SessionSubject = { scope: 'my-account'; customerId: number } | { scope: 'my-order'; orderId: string };

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  /** Seconds both tokens (and their cookies) live. */
  expires_in: number;
  family: string;
  subject: SessionSubject;
}

export type RotateFailure = 'unknown' | 'expired' | 'reused' | 'revoked' | 'wrong_scope';
export type RotateResult = { ok: true; tokens: SessionTokens } | { ok: false; reason: RotateFailure };

const iso = (ms: number) => new Date(ms).toISOString();

async function addRefreshToken(db: Db, family: string, subject: SessionSubject, now: number): Promise<SessionTokens> {
  const refresh = newOpaqueToken();
  await db
    .insertInto('auth_refresh_tokens')
    .values({
      token_hash: tokenHash(refresh),
      family_id: family,
      scope: subject.scope,
      customer_id: subject.scope === 'my-account' ? subject.customerId : null,
      order_id: subject.scope === 'my-order' ? subject.orderId : null,
      created_at: iso(now),
      expires_at: iso(now + REFRESH_MAX_AGE_SECONDS * 1000),
      used_at: null,
    })
    .execute();
  const access =
    subject.scope === 'my-account'
      ? issueToken(subject.customerId, 'access', now, 'my-account', undefined, family)
      : issueToken(0, 'access', now, 'my-order', subject.orderId, family);
  return { access_token: access, refresh_token: refresh, expires_in: TOKEN_MAX_AGE_SECONDS, family, subject };
}

/** A new family and its first token pair (after a successful login of either strategy). */
export async function startSession(db: Db, subject: SessionSubject, now = Date.now()): Promise<SessionTokens> {
  await pruneAuthState(db, now);
  const family = randomUUID();
  await db
    .insertInto('auth_token_families')
    .values({ id: family, scope: subject.scope, created_at: iso(now), revoked_at: null, revoke_reason: null })
    .execute();
  return addRefreshToken(db, family, subject, now);
}

export async function revokeFamily(db: Db, family: string, reason: string, now = Date.now()): Promise<void> {
  await db
    .updateTable('auth_token_families')
    .set({ revoked_at: iso(now), revoke_reason: reason })
    .where('id', '=', family)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Whether a family exists and is not revoked (access tokens with a `fam` claim are only as good as it). */
export async function familyActive(db: Db, family: string): Promise<boolean> {
  const row = await db.selectFrom('auth_token_families').select('revoked_at').where('id', '=', family).executeTakeFirst();
  return row !== undefined && row.revoked_at === null;
}

/**
 * Rotates a refresh token: a fresh pair, or why not. The "mark used" update is conditional on `used_at IS NULL`,
 * so of two concurrent uses exactly one wins and the other counts as reuse.
 */
export async function rotateRefreshToken(db: Db, token: string, scope: TokenScope | undefined, now = Date.now()): Promise<RotateResult> {
  if (!isOpaqueToken(token)) return { ok: false, reason: 'unknown' };
  const hash = tokenHash(token);
  const row = await db.selectFrom('auth_refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  if (scope && row.scope !== scope) return { ok: false, reason: 'wrong_scope' };
  if (!(await familyActive(db, row.family_id))) return { ok: false, reason: 'revoked' };
  if (row.used_at !== null) {
    await revokeFamily(db, row.family_id, 'refresh token reused', now);
    return { ok: false, reason: 'reused' };
  }
  if (row.expires_at <= iso(now)) return { ok: false, reason: 'expired' };
  const marked = await db
    .updateTable('auth_refresh_tokens')
    .set({ used_at: iso(now) })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) {
    await revokeFamily(db, row.family_id, 'refresh token reused', now);
    return { ok: false, reason: 'reused' };
  }
  const subject: SessionSubject =
    row.scope === 'my-order'
      ? { scope: 'my-order', orderId: row.order_id ?? '' }
      : { scope: 'my-account', customerId: Number(row.customer_id) };
  return { ok: true, tokens: await addRefreshToken(db, row.family_id, subject, now) };
}

/** Logout: the family of a refresh token is revoked (unknown tokens are ignored: logout always succeeds). */
export async function endSession(db: Db, refreshToken: string | undefined, family: string | undefined, now = Date.now()): Promise<void> {
  const families = new Set<string>();
  if (family) families.add(family);
  if (refreshToken && isOpaqueToken(refreshToken)) {
    const row = await db
      .selectFrom('auth_refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', tokenHash(refreshToken))
      .executeTakeFirst();
    if (row) families.add(row.family_id);
  }
  for (const f of families) await revokeFamily(db, f, 'logout', now);
}
