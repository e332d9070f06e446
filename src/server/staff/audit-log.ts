/**
 * The staff audit log (docs/product/back-office.md#audit-log): who did what, when, from where, with the record
 * before and after. Written by every back-office action, never updated or deleted by the application.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '#server/db/connection.ts';
import type { StaffAuditTable } from '#server/db/staff-tables.ts';

export type AuditRow = Selectable<StaffAuditTable>;

/** The actions this foundation writes; the back office's other pages add their own (orders.pick …). */
export type StaffAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'invite'
  | 'invite_accepted'
  | 'role_change'
  | 'disable'
  | 'enable'
  | 'totp_enrolled'
  | 'totp_reset'
  | 'settings'
  | 'language'
  | (string & {});

export interface StaffActionInput {
  staff?: { id: string; email: string } | null;
  /** For a failed sign-in with no account: what was typed. */
  actorEmail?: string;
  action: StaffAction;
  subject?: { type: string; id: string };
  before?: unknown;
  after?: unknown;
  ip?: string;
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

export async function recordStaffAction(db: Db, a: StaffActionInput, now = new Date()): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      id: randomUUID(),
      at: now.toISOString(),
      staff_id: a.staff?.id ?? null,
      actor_email: a.staff?.email ?? a.actorEmail?.slice(0, 254) ?? null,
      action: a.action,
      subject_type: a.subject?.type ?? null,
      subject_id: a.subject?.id ?? null,
      before_json: json(a.before),
      after_json: json(a.after),
      ip: a.ip?.slice(0, 64) ?? null,
    })
    .execute();
}

export const AUDIT_PAGE_SIZE = 50;

export interface AuditQuery {
  page?: number;
  staffId?: string;
  action?: string;
}

/** One page of the log, newest first, with the total for paging. */
export async function listAudit(db: Db, q: AuditQuery = {}): Promise<{ rows: AuditRow[]; total: number; page: number; pages: number }> {
  let base = db.selectFrom('staff_audit');
  if (q.staffId) base = base.where('staff_id', '=', q.staffId);
  if (q.action) base = base.where('action', '=', q.action);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(q.page ?? 1) || 1), pages);
  const rows = await base
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return { rows, total, page, pages };
}

/** The actions present in the log (the filter's choices). */
export async function auditActions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('staff_audit').select('action').distinct().orderBy('action').execute();
  return rows.map((r) => r.action);
}
