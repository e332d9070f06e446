/** Staff accounts (docs/product/back-office.md#accounts): look-ups and the few changes owners make. */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { StaffUsersTable } from '#server/db/staff-tables.ts';
import type { StaffRole } from '#lib/staff/permissions.ts';
import type { StaffLocale } from '#lib/staff/staff-locale.ts';

export type StaffRow = Selectable<StaffUsersTable>;

/** E-mails are compared and stored lower-cased: one account per address whatever its case. */
export const normalStaffEmail = (email: string) => email.trim().toLowerCase();

export function staffById(db: Db, id: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function staffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff_users').selectAll().where('email', '=', normalStaffEmail(email)).executeTakeFirst();
}

export function listStaff(db: Db): Promise<StaffRow[]> {
  return db.selectFrom('staff_users').selectAll().orderBy('created_at').orderBy('email').execute();
}

export async function staffCount(db: Db): Promise<number> {
  const r = await db
    .selectFrom('staff_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Owners who can still sign in: the last of them may not be demoted or disabled. */
export async function activeOwnerCount(db: Db): Promise<number> {
  const r = await db
    .selectFrom('staff_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertStaff(
  db: Db,
  s: { email: string; name: string; role: StaffRole; locale: StaffLocale; passwordHash: string },
  now = new Date(),
): Promise<StaffRow> {
  const row: StaffRow = {
    id: randomUUID(),
    email: normalStaffEmail(s.email),
    name: s.name,
    role: s.role,
    locale: s.locale,
    password_hash: s.passwordHash,
    totp_secret: null,
    totp_enabled: 0,
    disabled_at: null,
    created_at: now.toISOString(),
  };
  await db.insertInto('staff_users').values(row).execute();
  return row;
}

export async function updateStaff(
  db: Db,
  id: string,
  patch: Partial<Pick<StaffRow, 'role' | 'locale' | 'name' | 'password_hash' | 'totp_secret' | 'totp_enabled' | 'disabled_at'>>,
): Promise<void> {
  await db.updateTable('staff_users').set(patch).where('id', '=', id).execute();
}

/** What the audit log keeps of a member (never the hash or the TOTP secret). */
export function auditView(s: StaffRow): Record<string, unknown> {
  return {
    email: s.email,
    name: s.name,
    role: s.role,
    locale: s.locale,
    totp_enabled: s.totp_enabled === 1,
    disabled: s.disabled_at !== null,
  };
}
