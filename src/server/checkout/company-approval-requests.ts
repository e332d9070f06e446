/**
 * Orders that wait for a company admin (docs/adr/0034-company-order-approval.md): a buyer's order above their spending
 * limit becomes a request holding its frozen checkout; the company's admins are mailed. Reads for the company page
 * (an admin's waiting list), the buyer's account and the confirmation page. Every read is scoped by who asks: an id
 * from a request only selects within the asker's own company, or among the buyer's own requests.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { isApprovalStatus, type ApprovalStatus } from '#lib/company/order-approval-rules.ts';
import { approvalRequestMail } from '#lib/mail/company-approval-mails.ts';
import { requireCompany, type Membership } from '#server/company/company-accounts.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { kickMailDelivery } from '#server/mail/mail-worker.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { setApprovalStatus, type CheckoutRecord } from './checkout-repository.ts';

export interface ApprovalRequest {
  id: string;
  checkoutId: string;
  locale: LocaleCode;
  companyId: string;
  companyName: string;
  requestedBy: { customerId: number; name: string };
  totalMinor: number;
  status: ApprovalStatus;
  reason: string | null;
  orderNumber: string | null;
  createdAt: string;
  decidedAt: string | null;
}

const selectRequests = (db: Db) =>
  db
    .selectFrom('company_order_approvals as a')
    .innerJoin('companies as co', 'co.id', 'a.company_id')
    .innerJoin('customers as cu', 'cu.id', 'a.requested_by')
    .select([
      'a.id',
      'a.checkout_id',
      'a.locale',
      'a.company_id',
      'co.name as company_name',
      'a.requested_by',
      'cu.name as requester_name',
      'cu.email as requester_email',
      'a.total_minor',
      'a.status',
      'a.reason',
      'a.order_id',
      'a.created_at',
      'a.decided_at',
    ]);

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

function requestOf(r: RequestRow): ApprovalRequest {
  if (!isApprovalStatus(r.status)) throw new Error(`approval ${r.id} has status ${r.status}`);
  return {
    id: r.id,
    checkoutId: r.checkout_id,
    locale: r.locale as LocaleCode,
    companyId: r.company_id,
    companyName: r.company_name,
    requestedBy: { customerId: r.requested_by, name: r.requester_name || r.requester_email },
    totalMinor: Number(r.total_minor),
    status: r.status,
    reason: r.reason,
    orderNumber: r.order_id,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
  };
}

/**
 * The buyer's order waits: the request is recorded and the checkout frozen in one transaction (a second press finds
 * the request and changes nothing), then every admin of the company is mailed in the company's language.
 */
export async function requestApproval(db: Db, c: CheckoutRecord, totalMinor: number, buyer: Membership, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const id = randomUUID();
  const made = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('company_order_approvals').select('id').where('checkout_id', '=', c.id).executeTakeFirst();
    if (existing) return false;
    await trx
      .insertInto('company_order_approvals')
      .values({
        id,
        company_id: buyer.company.id,
        checkout_id: c.id,
        locale: c.locale,
        requested_by: buyer.customerId,
        total_minor: totalMinor,
        currency: LOCALES[c.locale].currency,
        status: 'waiting',
        reason: null,
        decided_by: null,
        decided_at: null,
        order_id: null,
        created_at: at,
      })
      .execute();
    await setApprovalStatus(trx, c.id, 'awaiting_approval');
    return true;
  });
  if (!made) return;
  const admins = await db
    .selectFrom('company_members as m')
    .innerJoin('customers as cu', 'cu.id', 'm.customer_id')
    .select(['cu.id', 'cu.email'])
    .where('m.company_id', '=', buyer.company.id)
    .where('m.role', '=', 'admin')
    .execute();
  const requester = await db.selectFrom('customers').select(['name', 'email']).where('id', '=', buyer.customerId).executeTakeFirst();
  const locale = buyer.company.locale;
  const content = approvalRequestMail(locale, {
    buyer: requester?.name || requester?.email || '',
    company: buyer.company.name,
    total: formatMinorPrice(totalMinor, c.locale),
    url: `${siteSettings().origins[locale]}/my-account/company#approvals`,
  });
  for (const admin of admins)
    await enqueueMail(
      db,
      { ...content, kind: 'company_approval_request', locale, to: admin.email, dedupeKey: `company_approval_request:${id}:${admin.id}` },
      { now },
    );
  kickMailDelivery(db);
}

/** The company's orders waiting for a decision, oldest first: only for an admin, only of their own company. */
export async function waitingApprovals(db: Db, actor: Membership | undefined): Promise<ApprovalRequest[]> {
  const a = requireCompany(actor, 'approve');
  const rows = await selectRequests(db)
    .where('a.company_id', '=', a.company.id)
    .where('a.status', '=', 'waiting')
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  return rows.map(requestOf);
}

/** One request of the admin's own company, by its id; undefined for anything else (the same answer either way). */
export async function approvalOfCompany(db: Db, actor: Membership, id: string): Promise<ApprovalRequest | undefined> {
  const row = await selectRequests(db).where('a.id', '=', id).where('a.company_id', '=', actor.company.id).executeTakeFirst();
  return row ? requestOf(row) : undefined;
}

/** The buyer's own requests in this storefront, newest first (the account shows what waits and what was decided). */
export async function approvalsOfRequester(db: Db, locale: LocaleCode, customerId: number, limit = 20): Promise<ApprovalRequest[]> {
  const rows = await selectRequests(db)
    .where('a.requested_by', '=', customerId)
    .where('a.locale', '=', locale)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(requestOf);
}

/** The request a checkout became (the confirmation page: the checkout id is the key only the buyer's browser holds). */
export async function approvalOfCheckout(db: Db, locale: LocaleCode, checkoutId: string): Promise<ApprovalRequest | undefined> {
  const row = await selectRequests(db).where('a.checkout_id', '=', checkoutId).where('a.locale', '=', locale).executeTakeFirst();
  return row ? requestOf(row) : undefined;
}
