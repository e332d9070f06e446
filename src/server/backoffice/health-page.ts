/**
 * The /health page (docs/product/back-office.md#health): the e-mail outbox by state, client error reports grouped
 * by message, and what reconciliation settled. Its one action, "send again" for a failed or held e-mail
 * (health.act), is shown back for confirmation first, acts on `step=confirm`, is audited, and a repeat (the
 * message already queued) changes nothing.
 */
import { seeOther } from './page-answer.ts';
import { formText } from '#lib/staff/form-text.ts';
import { z } from 'zod';
import { getDb } from '#server/db/connection.ts';
import { kickMailDelivery } from '#server/mail/mail-worker.ts';
import { readMail, requeueMail } from '#server/mail/outbox.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { requireStaff, requireStaffPost, staffIpOf, type StaffAccess, type StaffRequest } from '#server/staff/staff-guard.ts';
import { parseQueueFilter, OUTBOX_STATES } from '#lib/backoffice/health-paging.ts';
import type { FilterProblem } from '#lib/backoffice/order-filter.ts';
import {
  clientErrorGroups,
  outboxList,
  reconciledOrders,
  type ClientErrorGroup,
  type OutboxRow,
  type Paged,
  type ReconciledOrder,
} from './queues.ts';

/** How far back the error and reconciliation lists look, in days (the error table keeps 30). */
export const HEALTH_WINDOWS = [1, 7, 30] as const;
export type HealthWindow = (typeof HEALTH_WINDOWS)[number];

/** Mail a member may send again: delivery gave up on it (one held without SMTP would only wait in the queue again). */
const RESENDABLE_STATES = new Set(['failed']);
export const canResend = (status: string) => RESENDABLE_STATES.has(status);

export interface HealthView {
  access: StaffAccess;
  outbox: Paged<OutboxRow>;
  states: string[];
  days: HealthWindow;
  errors: ClientErrorGroup[];
  reconciled: ReconciledOrder[];
  problems: FilterProblem[];
  /** The e-mail a "send again" asks to confirm. */
  confirm?: { id: string; to: string; subject: string };
  done?: 'resent' | 'unchanged';
}

export type HealthPage = { kind: 'view'; view: HealthView; status: number } | { kind: 'answer'; response: Response };

const daysSchema = z.enum(HEALTH_WINDOWS.map(String) as [string, ...string[]]).transform(Number);
const resendSchema = z.object({ action: z.literal('resend'), id: z.string().trim().min(1).max(64) });

async function view(ctx: StaffRequest, access: StaffAccess, extra: Partial<HealthView> = {}, status = 200): Promise<HealthPage> {
  const db = getDb();
  const q = ctx.url.searchParams;
  const filter = parseQueueFilter(q, OUTBOX_STATES);
  const daysParsed = daysSchema.safeParse(q.get('days') ?? '1');
  const problems = [
    ...(filter.ok ? [] : filter.problems),
    ...(daysParsed.success ? [] : [{ param: 'days', message: `one of ${HEALTH_WINDOWS.join(', ')}` }]),
  ];
  const paging = filter.ok ? filter.filter : { states: [], page: 1, size: 25 };
  const days = (daysParsed.success ? daysParsed.data : 1) as HealthWindow;
  const since = new Date(Date.now() - days * 86_400_000);
  const [outbox, errors, reconciled] = await Promise.all([
    outboxList(db, paging),
    clientErrorGroups(db, since),
    reconciledOrders(db, since),
  ]);
  const done = q.get('done');
  return {
    kind: 'view',
    status: problems.length > 0 && status === 200 ? 400 : status,
    view: {
      access,
      outbox,
      states: paging.states,
      days,
      errors,
      reconciled,
      problems,
      ...(done === 'resent' || done === 'unchanged' ? { done } : {}),
      ...extra,
    },
  };
}

export async function healthPage(ctx: StaffRequest): Promise<HealthPage> {
  if (ctx.request.method !== 'POST') {
    const access = await requireStaff(ctx, 'health.read');
    if (access instanceof Response) return { kind: 'answer', response: access };
    return view(ctx, access);
  }
  const post = await requireStaffPost(ctx, 'health.act');
  if (post instanceof Response) return { kind: 'answer', response: post };
  const { form, ...access } = post;
  const parsed = resendSchema.safeParse({ action: formText(form, 'action'), id: formText(form, 'id') });
  if (!parsed.success) return view(ctx, access, { problems: [{ param: 'action', message: 'resend with an e-mail id' }] }, 400);
  const db = getDb();
  const mail = await readMail(db, parsed.data.id);
  if (!mail) return view(ctx, access, { problems: [{ param: 'id', message: 'no such e-mail' }] }, 404);
  if (formText(form, 'step') !== 'confirm')
    return view(ctx, access, { confirm: { id: mail.id, to: mail.recipient, subject: mail.subject } });
  const changed = await requeueMail(db, mail.id);
  if (changed) {
    kickMailDelivery(db);
    await recordStaffAction(db, {
      staff: access.staff,
      action: 'health.resend_mail',
      subject: { type: 'mail', id: mail.id },
      before: { status: mail.status, attempts: mail.attempts },
      after: { status: 'queued', attempts: 0 },
      ip: staffIpOf(ctx),
    });
  }
  const to = `/health?done=${changed ? 'resent' : 'unchanged'}`;
  return seeOther(to);
}
