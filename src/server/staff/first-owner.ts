/**
 * The first owner (docs/product/back-office.md#the-first-owner): `npm run admin -- create-owner <email>` invites
 * an owner, refused while an enabled owner exists unless --force; `npm start` outside production invites a demo
 * owner when no staff account exists at all, and prints the link like the operator token.
 */
import type { Db } from '#server/db/connection.ts';
import { activeOwnerCount, staffByEmail, staffCount } from './staff-accounts.ts';
import { inviteStaff } from './invites.ts';

export type CreateOwnerResult = { kind: 'invited'; url: string } | { kind: 'owner_exists' } | { kind: 'account_exists' };

export async function createOwnerInvite(
  db: Db,
  email: string,
  opts: { force?: boolean; locale?: 'en' | 'sv' } = {},
): Promise<CreateOwnerResult> {
  if (!opts.force && (await activeOwnerCount(db)) > 0) return { kind: 'owner_exists' };
  if (await staffByEmail(db, email)) return { kind: 'account_exists' };
  const { url } = await inviteStaff(db, { email, role: 'owner', locale: opts.locale ?? 'en', invitedBy: null });
  return { kind: 'invited', url };
}

/** Outside production (and test runs) with no staff yet: an owner invitation for owner@example.com, its link to print. */
export async function demoOwnerInvite(db: Db, env: Record<string, string | undefined> = process.env): Promise<string | undefined> {
  if (env.NODE_ENV === 'production' || env.NODE_ENV === 'test' || (await staffCount(db)) > 0) return undefined;
  const { url } = await inviteStaff(db, { email: 'owner@example.com', role: 'owner', locale: 'en', invitedBy: null });
  return url;
}
