/**
 * The /customers pages (customers.read; erasure customers.anonymise; docs/product/back-office.md#customers): the
 * account search, one customer's orders, returns, subscriptions and consents, and "Anonymise" through
 * anonymiseCustomer (docs/product/back-office-data.md#anonymisation) behind a confirm step naming what is kept.
 * Refused with the service's message while an order or a return is open. The audit row holds no personal data
 * (it would outlive the erasure): only the account id, the order count and the before/after flag.
 */
import { seeOther } from './page-answer.ts';
import { z } from 'zod';
import { getDb } from '#server/db/connection.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { requireStaff, requireStaffPost, staffIpOf, type StaffAccess, type StaffRequest } from '#server/staff/staff-guard.ts';
import { DomainError } from '#lib/errors/domain-errors.ts';
import type { BoKey } from '#lib/staff/backoffice-i18n.ts';
import { can } from '#lib/staff/permissions.ts';
import { anonymiseCustomer, customerOverview, searchCustomers, type CustomerOverview, type CustomerRow } from './customers.ts';

export interface CustomersPageView {
  access: StaffAccess;
  q: string;
  /** Search results (undefined: no search yet). */
  results?: CustomerRow[];
  /** One customer's page. */
  overview?: CustomerOverview;
  mayAnonymise: boolean;
  confirm?: boolean;
  notice?: { key: BoKey; values?: Record<string, string> };
  error?: { key: BoKey; values?: Record<string, string> };
}

export type CustomersPage = { kind: 'view'; view: CustomersPageView; status: number } | { kind: 'answer'; response: Response };

const idSchema = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform(Number);

/** /customers (`id` undefined) or /customers/<id>. */
export async function customersPage(ctx: StaffRequest, idParam: string | undefined): Promise<CustomersPage> {
  const db = getDb();
  const q = (ctx.url.searchParams.get('q') ?? '').trim();
  const base = (access: StaffAccess): CustomersPageView => ({ access, q, mayAnonymise: can(access.staff.role, 'customers.anonymise') });
  const answer = (view: CustomersPageView, status = 200): CustomersPage => ({ kind: 'view', view, status });

  if (idParam === undefined) {
    const access = await requireStaff(ctx, 'customers.read');
    if (access instanceof Response) return { kind: 'answer', response: access };
    if (!ctx.url.searchParams.has('q')) return answer(base(access));
    try {
      return answer({ ...base(access), results: await searchCustomers(db, q) });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'invalid_request')
        return answer({ ...base(access), error: { key: 'customers.bad_query' } }, 400);
      throw err;
    }
  }

  const id = idSchema.safeParse(idParam);
  const post = ctx.request.method === 'POST';
  const access = post ? await requireStaffPost(ctx, 'customers.anonymise') : await requireStaff(ctx, 'customers.read');
  if (access instanceof Response) return { kind: 'answer', response: access };
  const overviewOf = async (n: number) => {
    try {
      return await customerOverview(db, n);
    } catch (err) {
      if (err instanceof DomainError && err.code === 'not_found') return undefined;
      throw err;
    }
  };
  const overview = id.success ? await overviewOf(id.data) : undefined;
  if (!id.success || !overview) return answer({ ...base(access), error: { key: 'customers.missing' } }, 404);
  const view = { ...base(access), overview };
  if (!post) return answer(ctx.url.searchParams.get('done') === 'anonymise' ? { ...view, notice: { key: 'customers.anonymised' } } : view);

  const form = 'form' in access ? (access.form as FormData) : new FormData();
  if (form.get('action') !== 'anonymise') return answer({ ...view, error: { key: 'customers.bad_action' } }, 400);
  if (form.get('step') !== 'confirm') return answer({ ...view, confirm: true });
  try {
    const done = await anonymiseCustomer(db, id.data);
    if (done.changed)
      await recordStaffAction(db, {
        staff: access.staff,
        action: 'customers.anonymise',
        subject: { type: 'customer', id: String(id.data) },
        before: { anonymised: false, orders: overview.orders.length },
        after: { anonymised: true, orders: done.orders },
        ip: staffIpOf(ctx),
      });
  } catch (err) {
    if (err instanceof DomainError && err.code === 'invalid_transition')
      return answer({ ...view, error: { key: 'customers.refused', values: { message: err.message } } }, 409);
    throw err;
  }
  const location = `/customers/${id.data}?done=anonymise`;
  return seeOther(location);
}
