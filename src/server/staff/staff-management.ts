/**
 * What owners do on /staff (docs/product/back-office.md#staff-management): change a role, disable or enable,
 * reset TOTP, require TOTP for everyone. Each change is audited with before and after; the last owner who can
 * sign in can be neither demoted nor disabled. A change that ends a member's rights ends their sessions too.
 */
import type { Db } from '#server/db/connection.ts';
import type { StaffRole } from '#lib/staff/permissions.ts';
import { activeOwnerCount, auditView, staffById, updateStaff, type StaffRow } from './staff-accounts.ts';
import { recordStaffAction } from './audit-log.ts';
import { endSessionsOf } from './staff-sessions.ts';
import { setTotpRequired, totpRequired } from './staff-settings.ts';

export type ManageResult = { kind: 'ok' } | { kind: 'not_found' } | { kind: 'last_owner' };

interface Actor {
  staff: StaffRow;
  ip?: string;
}

/** Would this change leave no enabled owner? */
async function removesLastOwner(db: Db, target: StaffRow): Promise<boolean> {
  return target.role === 'owner' && target.disabled_at === null && (await activeOwnerCount(db)) <= 1;
}

async function change(
  db: Db,
  actor: Actor,
  targetId: string,
  action: string,
  patch: (t: StaffRow) => Parameters<typeof updateStaff>[2] | 'last_owner' | Promise<Parameters<typeof updateStaff>[2] | 'last_owner'>,
  endSessions: boolean,
  now = new Date(),
): Promise<ManageResult> {
  const target = await staffById(db, targetId);
  if (!target) return { kind: 'not_found' };
  const p = await patch(target);
  if (p === 'last_owner') return { kind: 'last_owner' };
  await updateStaff(db, target.id, p);
  if (endSessions) await endSessionsOf(db, target.id);
  const after = (await staffById(db, target.id)) as StaffRow;
  await recordStaffAction(
    db,
    {
      staff: actor.staff,
      action,
      subject: { type: 'staff', id: target.id },
      before: auditView(target),
      after: auditView(after),
      ip: actor.ip,
    },
    now,
  );
  return { kind: 'ok' };
}

export const changeRole = (db: Db, actor: Actor, targetId: string, role: StaffRole) =>
  change(
    db,
    actor,
    targetId,
    'role_change',
    async (t) => (role !== 'owner' && (await removesLastOwner(db, t)) ? 'last_owner' : { role }),
    true,
  );

export const disableStaff = (db: Db, actor: Actor, targetId: string, now = new Date()) =>
  change(
    db,
    actor,
    targetId,
    'disable',
    async (t) => ((await removesLastOwner(db, t)) ? 'last_owner' : { disabled_at: t.disabled_at ?? now.toISOString() }),
    true,
    now,
  );

export const enableStaff = (db: Db, actor: Actor, targetId: string) =>
  change(db, actor, targetId, 'enable', () => ({ disabled_at: null }), false);

export const resetTotp = (db: Db, actor: Actor, targetId: string) =>
  change(db, actor, targetId, 'totp_reset', () => ({ totp_secret: null, totp_enabled: 0 }), true);

export async function changeTotpRequired(db: Db, actor: Actor, on: boolean, now = new Date()): Promise<void> {
  const before = await totpRequired(db);
  await setTotpRequired(db, on, now);
  await recordStaffAction(
    db,
    {
      staff: actor.staff,
      action: 'settings',
      subject: { type: 'setting', id: 'totp_required' },
      before: { totp_required: before },
      after: { totp_required: on },
      ip: actor.ip,
    },
    now,
  );
}

/** The member's own language (the shell's switch). */
export async function changeLanguage(db: Db, actor: Actor, locale: 'en' | 'sv'): Promise<void> {
  if (actor.staff.locale === locale) return;
  await updateStaff(db, actor.staff.id, { locale });
  await recordStaffAction(db, {
    staff: actor.staff,
    action: 'language',
    subject: { type: 'staff', id: actor.staff.id },
    before: { locale: actor.staff.locale },
    after: { locale },
    ip: actor.ip,
  });
}
