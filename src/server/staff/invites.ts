/**
 * Staff invitations (docs/product/back-office.md#invites): an owner (or `npm run admin -- create-owner`) invites
 * an e-mail with a role; the link /invite/<token> works once, for 48 hours, and creates the account with the
 * name and password chosen there. The e-mail goes through the mail outbox, in the member's language.
 */
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { StaffInvitesTable } from '#server/db/staff-tables.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { backofficeOrigin } from '#server/market/site-settings.ts';
import { isOpaqueToken, newOpaqueToken, tokenHash } from '#server/security/token-hash.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { PASSWORD_MIN_LENGTH } from '#lib/api/auth-contracts.ts';
import { inviteState, STAFF_INVITE_TTL_MS } from '#lib/staff/session-rules.ts';
import { staffInviteMail } from '#lib/staff/invite-mail.ts';
import { isStaffRole, type StaffRole } from '#lib/staff/permissions.ts';
import { staffLocaleOf, type StaffLocale } from '#lib/staff/staff-locale.ts';
import { insertStaff, normalStaffEmail, staffByEmail, type StaffRow } from './staff-accounts.ts';
import { recordStaffAction } from './audit-log.ts';

export type InviteRow = Selectable<StaffInvitesTable>;

export const invitePath = (token: string) => `/invite/${token}`;

export interface InviteInput {
  email: string;
  role: StaffRole;
  locale: StaffLocale;
  invitedBy: StaffRow | null;
  ip?: string;
}

/** Issues the invitation, queues its e-mail and records it; answers the link (printed by the CLI outside production). */
export async function inviteStaff(db: Db, input: InviteInput, now = Date.now()): Promise<{ token: string; url: string }> {
  const email = normalStaffEmail(input.email);
  const token = newOpaqueToken();
  const at = new Date(now);
  await db
    .insertInto('staff_invites')
    .values({
      token_hash: tokenHash(token),
      email,
      role: input.role,
      locale: input.locale,
      invited_by: input.invitedBy?.id ?? null,
      created_at: at.toISOString(),
      expires_at: new Date(now + STAFF_INVITE_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  const url = `${backofficeOrigin()}${invitePath(token)}`;
  const mail = staffInviteMail(input.locale, { role: input.role, url });
  // The outbox's sender is a storefront's: the Swedish shop's address (docs/product/back-office.md#invites).
  await enqueueMail(db, { ...mail, kind: 'staff_invite', locale: 'sv', to: email }, { now: at });
  await recordStaffAction(
    db,
    {
      staff: input.invitedBy,
      action: 'invite',
      subject: { type: 'invite', id: email },
      after: { email, role: input.role, locale: input.locale },
      ip: input.ip,
    },
    at,
  );
  return { token, url };
}

export type InviteLookup = { kind: 'usable'; invite: InviteRow } | { kind: 'invalid' };

export async function inviteByToken(db: Db, token: string | undefined, now = Date.now()): Promise<InviteLookup> {
  if (!isOpaqueToken(token)) return { kind: 'invalid' };
  const invite = await db.selectFrom('staff_invites').selectAll().where('token_hash', '=', tokenHash(token)).executeTakeFirst();
  if (!invite || inviteState(invite, now) !== 'usable' || !isStaffRole(invite.role)) return { kind: 'invalid' };
  return { kind: 'usable', invite };
}

export type AcceptResult =
  { kind: 'ok'; staff: StaffRow } | { kind: 'invalid' } | { kind: 'exists' } | { kind: 'bad'; field: 'name' | 'password' };

/**
 * Uses the invitation: marks it used (one winner when two tabs submit at once) and creates the account. The
 * password follows the customers' rules (PASSWORD_MIN_LENGTH) and is hashed with Argon2id.
 */
export async function acceptInvite(
  db: Db,
  token: string | undefined,
  form: { name: string; password: string },
  ip?: string,
  now = Date.now(),
): Promise<AcceptResult> {
  const found = await inviteByToken(db, token, now);
  if (found.kind !== 'usable') return { kind: 'invalid' };
  const name = form.name.trim().slice(0, 120);
  if (!name) return { kind: 'bad', field: 'name' };
  if (form.password.length < PASSWORD_MIN_LENGTH || form.password.length > 256) return { kind: 'bad', field: 'password' };
  if (await staffByEmail(db, found.invite.email)) return { kind: 'exists' };
  const passwordHash = await hashPassword(form.password);
  const at = new Date(now);
  const claimed = await db
    .updateTable('staff_invites')
    .set({ used_at: at.toISOString() })
    .where('token_hash', '=', found.invite.token_hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { kind: 'invalid' };
  const role = found.invite.role as StaffRole;
  const staff = await insertStaff(
    db,
    { email: found.invite.email, name, role, locale: staffLocaleOf(found.invite.locale), passwordHash },
    at,
  );
  await recordStaffAction(
    db,
    { staff, action: 'invite_accepted', subject: { type: 'staff', id: staff.id }, after: { email: staff.email, name, role }, ip },
    at,
  );
  return { kind: 'ok', staff };
}
