/**
 * The /staff page (owners: staff.manage; docs/product/back-office.md#staff-management): the members, an invite
 * form, and per member change role, disable/enable, reset TOTP; the "TOTP for everyone" setting. Destructive
 * actions (role change, disable, reset TOTP) are shown back for confirmation first and act on `step=confirm`.
 */
import { formText } from '#lib/staff/form-text.ts';
import { z } from 'zod';
import { getDb } from '#server/db/connection.ts';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '#lib/staff/permissions.ts';
import { STAFF_LOCALES } from '#lib/staff/staff-locale.ts';
import type { BoKey } from '#lib/staff/backoffice-i18n.ts';
import { listStaff, staffByEmail, staffById, type StaffRow } from './staff-accounts.ts';
import { requireStaff, requireStaffPost, staffIpOf, type StaffAccess, type StaffRequest } from './staff-guard.ts';
import { inviteStaff } from './invites.ts';
import { changeRole, changeTotpRequired, disableStaff, enableStaff, resetTotp, type ManageResult } from './staff-management.ts';
import { totpRequired } from './staff-settings.ts';

export interface StaffConfirm {
  action: 'role' | 'disable' | 'reset_totp';
  id: string;
  name: string;
  role?: StaffRole;
}

export interface StaffPageView {
  access: StaffAccess;
  members: StaffRow[];
  totpRequired: boolean;
  notice?: { key: BoKey; values?: Record<string, string> };
  error?: { key: BoKey; values?: Record<string, string> };
  confirm?: StaffConfirm;
  /** Outside production: the link of the invitation just sent (no mail server in a demo). */
  inviteLink?: string;
}

export type StaffPage = { kind: 'view'; view: StaffPageView; status: number } | { kind: 'answer'; response: Response };

const inviteSchema = z.object({
  email: z.string().trim().email().max(254),
  role: z.enum(STAFF_ROLES),
  locale: z.enum(STAFF_LOCALES).default('en'),
});

const done = (): StaffPage => ({ kind: 'answer', response: new Response(null, { status: 303, headers: { location: '/staff?done=1' } }) });

export async function staffPage(ctx: StaffRequest): Promise<StaffPage> {
  const db = getDb();
  const view = async (access: StaffAccess, extra: Partial<StaffPageView> = {}, status = 200): Promise<StaffPage> => ({
    kind: 'view',
    view: { access, members: await listStaff(db), totpRequired: await totpRequired(db), ...extra },
    status,
  });
  if (ctx.request.method !== 'POST') {
    const access = await requireStaff(ctx, 'staff.manage');
    if (access instanceof Response) return { kind: 'answer', response: access };
    return view(access, ctx.url.searchParams.has('done') ? { notice: { key: 'staff.done' } } : {});
  }
  const post = await requireStaffPost(ctx, 'staff.manage');
  if (post instanceof Response) return { kind: 'answer', response: post };
  const { form, ...access } = post;
  const actor = { staff: access.staff, ip: staffIpOf(ctx) };
  const action = formText(form, 'action');
  const confirmed = formText(form, 'step') === 'confirm';
  const outcome = async (r: ManageResult): Promise<StaffPage> =>
    r.kind === 'ok' ? done() : r.kind === 'last_owner' ? view(access, { error: { key: 'staff.last_owner' } }, 409) : view(access, {}, 404);

  if (action === 'invite') {
    const parsed = inviteSchema.safeParse({
      email: formText(form, 'email'),
      role: formText(form, 'role'),
      locale: formText(form, 'locale') || undefined,
    });
    if (!parsed.success) return view(access, { error: { key: 'staff.invite_bad' } }, 400);
    if (await staffByEmail(db, parsed.data.email))
      return view(access, { error: { key: 'staff.invite_exists', values: { email: parsed.data.email } } }, 409);
    const { url } = await inviteStaff(db, { ...parsed.data, invitedBy: access.staff, ip: actor.ip });
    return view(access, {
      notice: { key: 'staff.invited', values: { email: parsed.data.email } },
      ...(process.env.NODE_ENV === 'production' ? {} : { inviteLink: url }),
    });
  }
  if (action === 'settings') {
    await changeTotpRequired(db, actor, form.get('totp_required') === '1');
    return done();
  }
  const target = await staffById(db, formText(form, 'id'));
  if (!target) return view(access, {}, 404);
  if (action === 'enable') return outcome(await enableStaff(db, actor, target.id));
  if (action === 'role') {
    const role = formText(form, 'role');
    if (!isStaffRole(role)) return view(access, {}, 400);
    if (!confirmed) return view(access, { confirm: { action: 'role', id: target.id, name: target.name, role } });
    return outcome(await changeRole(db, actor, target.id, role));
  }
  if (action === 'disable' || action === 'reset_totp') {
    if (!confirmed) return view(access, { confirm: { action, id: target.id, name: target.name } });
    return outcome(action === 'disable' ? await disableStaff(db, actor, target.id) : await resetTotp(db, actor, target.id));
  }
  return view(access, {}, 400);
}
