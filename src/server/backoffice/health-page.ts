/**
 * The /health page (docs/product/back-office.md#health): the e-mail outbox (newest first, paged, filtered by
 * state; a failed message can be sent again with health.act), client error reports grouped by message,
 * reconciliation outcomes, and the experiment report (the same figures as GET /api/operator/experiments/report).
 */
import { z } from 'zod';
import { getDb } from '#server/db/connection.ts';
import type { BoKey } from '#lib/staff/backoffice-i18n.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { OUTBOX_STATES, parseQueueFilter, type QueueFilter } from '#lib/backoffice/health-paging.ts';
import type { ExperimentReport } from '#lib/experiments/report.ts';
import { readMail, requeueMail } from '#server/mail/outbox.ts';
import { experimentReport } from '#server/experiments/experiment-report.ts';
import { requireStaff, requireStaffPost, staffIpOf, type StaffAccess, type StaffRequest } from '#server/staff/staff-guard.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import {
  clientErrorGroups,
  outboxList,
  reconciledOrders,
  type ClientErrorGroup,
  type OutboxRow,
  type Paged,
  type ReconciledOrder,
} from './queues.ts';

/** How far back the error groups and reconciliation outcomes reach (the error table keeps 30 days). */
export const HEALTH_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface HealthView {
  access: StaffAccess;
  filter: QueueFilter<string>;
  outbox: Paged<OutboxRow>;
  errors: ClientErrorGroup[];
  reconciled: ReconciledOrder[];
  experiments: ExperimentReport[];
  /** The report's scope: `all` or one storefront. */
  scope: string;
  notice?: { key: BoKey };
  error?: { key: BoKey };
}

export type HealthPage = { kind: 'view'; view: HealthView; status: number } | { kind: 'answer'; response: Response };

const scopeSchema = z.enum(['all', ...LOCALE_CODES]).catch('all');

export async function healthPage(ctx: StaffRequest, now = new Date()): Promise<HealthPage> {
  const db = getDb();
  const params = ctx.url.searchParams;
  const view = async (access: StaffAccess, extra: Partial<HealthView> = {}, status = 200): Promise<HealthPage> => {
    const parsed = parseQueueFilter(params, OUTBOX_STATES);
    const filter = parsed.ok ? parsed.filter : { states: [], page: 1, size: 25 };
    const since = new Date(now.getTime() - HEALTH_WINDOW_DAYS * DAY_MS);
    const scope = scopeSchema.parse(params.get('scope') ?? 'all');
    return {
      kind: 'view',
      view: {
        access,
        filter,
        outbox: await outboxList(db, filter),
        errors: await clientErrorGroups(db, since),
        reconciled: await reconciledOrders(db, since),
        experiments: await experimentReport(db, { locale: scope === 'all' ? undefined : scope }),
        scope,
        ...(parsed.ok ? {} : { error: { key: 'health.bad_filter' } }),
        ...extra,
      },
      status: parsed.ok ? status : 400,
    };
  };
  if (ctx.request.method !== 'POST') {
    const access = await requireStaff(ctx, 'health.read');
    if (access instanceof Response) return { kind: 'answer', response: access };
    return view(access, params.get('done') === 'resend' ? { notice: { key: 'health.resent' } } : {});
  }
  const post = await requireStaffPost(ctx, 'health.act');
  if (post instanceof Response) return { kind: 'answer', response: post };
  const { form, ...access } = post;
  const id = form.get('id');
  if (form.get('action') !== 'resend' || typeof id !== 'string' || id.length > 64)
    return view(access, { error: { key: 'health.bad_input' } }, 400);
  const mail = await readMail(db, id);
  if (!mail) return view(access, { error: { key: 'health.no_mail' } }, 404);
  // only a failed message is sent again; a second click finds it queued and changes nothing
  if (mail.status === 'failed' && (await requeueMail(db, id, now)))
    await recordStaffAction(db, {
      staff: access.staff,
      ip: staffIpOf(ctx),
      action: 'health.resend',
      subject: { type: 'mail', id },
      before: { status: mail.status, attempts: Number(mail.attempts), lastError: mail.last_error },
      after: { status: 'queued', attempts: 0 },
    });
  return { kind: 'answer', response: new Response(null, { status: 303, headers: { location: '/health?done=resend' } }) };
}
