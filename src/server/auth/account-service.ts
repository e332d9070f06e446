/** myAccount strategy (docs/product/accounts.md#strategies): login, refresh, profile over the customers table. */
import type { Db } from '#server/db/connection.ts';
import type { AuthResponse, AuthUser } from '#lib/api/auth-contracts.ts';
import type { CustomersTable } from '#server/db/schema.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { bearerToken, issueToken, verifyToken } from './tokens.ts';

// Verifying against a dummy hash when the email is unknown keeps the answer time the same (no account probing).
const DUMMY_HASH = hashPassword('not-a-real-password');

function userOf(row: CustomersTable): AuthUser {
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

const tokensFor = (row: CustomersTable): AuthResponse => ({
  access_token: issueToken(row.id, 'access'),
  refresh_token: issueToken(row.id, 'refresh'),
  user: userOf(row),
});

export async function login(db: Db, email: string, password: string): Promise<AuthResponse | undefined> {
  const row = await db.selectFrom('customers').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  const ok = verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
  return row && ok ? tokensFor(row) : undefined;
}

export async function refresh(db: Db, refreshToken: string): Promise<AuthResponse | undefined> {
  const claims = verifyToken(refreshToken, 'refresh');
  if (!claims) return undefined;
  const row = await db.selectFrom('customers').selectAll().where('id', '=', claims.sub).executeTakeFirst();
  return row ? tokensFor(row) : undefined;
}

/** The logged-in customer of a request (Authorization: Bearer <access token>), if any. */
export async function customerOf(db: Db, headers: Headers): Promise<AuthUser | undefined> {
  const token = bearerToken(headers);
  const claims = token ? verifyToken(token, 'access') : undefined;
  if (!claims) return undefined;
  const row = await db.selectFrom('customers').selectAll().where('id', '=', claims.sub).executeTakeFirst();
  return row ? userOf(row) : undefined;
}
