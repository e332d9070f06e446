/**
 * The /returns page (returns.read, actions returns.act; docs/product/back-office.md#returns): the returns and
 * withdrawals queue by state, and per return the operator's steps (approve, reject, receive, refund) through the
 * same service as POST /api/operator/returns/{rma}/{step} (runReturnStep: the refund goes through the provider once,
 * the row moves only from the state it was read in). Every step is shown back for confirmation first, acts on
 * `step=confirm`, is audited with the state before and after, and answers a redirect (a repeat changes nothing).
 */
import { seeOther } from './page-answer.ts';
import { formText } from '#lib/staff/form-text.ts';
import { z } from 'zod';
import { getDb } from '#server/db/connection.ts';
import { FulfilmentRefused } from '#server/fulfilment/fulfilment-refused.ts';
import { readReturn } from '#server/returns/return-record.ts';
import { runReturnStep } from '#server/returns/return-steps.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { requireStaff, requireStaffPost, staffIpOf, type StaffAccess, type StaffRequest } from '#server/staff/staff-guard.ts';
import { RETURN_STEPS, type ReturnStep } from '#lib/api/return-contracts.ts';
import { parseQueueFilter } from '#lib/backoffice/health-paging.ts';
import { RETURN_QUEUE_STATES, type ReturnQueueRow } from '#lib/backoffice/returns-queue.ts';
import type { BoKey } from '#lib/staff/backoffice-i18n.ts';
import { can } from '#lib/staff/permissions.ts';
import { returnsQueue, type Paged } from './queues.ts';

export interface ReturnsConfirm {
  action: ReturnStep;
  row: ReturnQueueRow;
}

export interface ReturnsPageView {
  access: StaffAccess;
  queue: Paged<ReturnQueueRow>;
  /** The states filtered on (none: all). */
  states: string[];
  mayAct: boolean;
  notice?: { key: BoKey; values?: Record<string, string> };
  error?: { key: BoKey; values?: Record<string, string> };
  confirm?: ReturnsConfirm;
}

export type ReturnsPage = { kind: 'view'; view: ReturnsPageView; status: number } | { kind: 'answer'; response: Response };

const actionSchema = z.object({
  action: z.enum(RETURN_STEPS),
  rma: z
    .string()
    .trim()
    .regex(/^RMA-[\w-]{1,60}$/),
});

/** The keys of the page's refusals by the service's refusal code (the code's own message is English). */
function refusalKey(code: string): BoKey {
  if (code === 'invalid_transition') return 'returns.refused_state';
  if (code === 'not_found') return 'returns.refused_missing';
  if (code === 'provider_unavailable' || code === 'provider_refused') return 'returns.refused_provider';
  return 'returns.refused_other';
}

export async function returnsPage(ctx: StaffRequest): Promise<ReturnsPage> {
  const db = getDb();
  const parsed = parseQueueFilter(ctx.url.searchParams, RETURN_QUEUE_STATES);
  const filter = parsed.ok ? parsed.filter : { states: [], page: 1, size: 50 };
  const view = async (access: StaffAccess, extra: Partial<ReturnsPageView> = {}, status = 200): Promise<ReturnsPage> => ({
    kind: 'view',
    view: {
      access,
      queue: await returnsQueue(db, filter),
      states: filter.states,
      mayAct: can(access.staff.role, 'returns.act'),
      ...(parsed.ok ? {} : { error: { key: 'returns.bad_filter' as BoKey } }),
      ...extra,
    },
    status: parsed.ok ? status : 400,
  });
  const rowOf = async (rma: string) => (await returnsQueue(db, { states: [], page: 1, size: 1, rma })).rows[0];

  if (ctx.request.method !== 'POST') {
    const access = await requireStaff(ctx, 'returns.read');
    if (access instanceof Response) return { kind: 'answer', response: access };
    const done = ctx.url.searchParams.get('done');
    const rma = ctx.url.searchParams.get('rma') ?? '';
    const notice =
      done && (RETURN_STEPS as readonly string[]).includes(done) && /^RMA-[\w-]{1,60}$/.test(rma)
        ? { key: `returns.done_${done}` as BoKey, values: { rma } }
        : undefined;
    return view(access, notice ? { notice } : {});
  }
  const post = await requireStaffPost(ctx, 'returns.act');
  if (post instanceof Response) return { kind: 'answer', response: post };
  const { form, ...access } = post;
  const input = actionSchema.safeParse({ action: formText(form, 'action'), rma: formText(form, 'rma') });
  if (!input.success) return view(access, { error: { key: 'returns.bad_action' } }, 400);
  const { action, rma } = input.data;
  const before = await readReturn(db, rma);
  const row = before && (await rowOf(rma));
  if (!before || !row) return view(access, { error: { key: 'returns.refused_missing', values: { rma } } }, 404);
  if (formText(form, 'step') !== 'confirm') return view(access, { confirm: { action, row } });
  try {
    const after = await runReturnStep(db, rma, action);
    await recordStaffAction(db, {
      staff: access.staff,
      action: `returns.${action}`,
      subject: { type: 'return', id: rma },
      before: { state: before.status, order: before.orderNumber },
      after: {
        state: after.status,
        order: after.orderNumber,
        ...(action === 'refund' ? { refundedMinor: row.refundMinor, currency: row.currency } : {}),
      },
      ip: staffIpOf(ctx),
    });
  } catch (err) {
    if (!(err instanceof FulfilmentRefused)) throw err;
    const now = await readReturn(db, rma);
    return view(
      access,
      { error: { key: refusalKey(err.code), values: { rma, state: now?.status ?? before.status, message: err.message } } },
      409,
    );
  }
  const location = `/returns?done=${action}&rma=${encodeURIComponent(rma)}`;
  return seeOther(location);
}
