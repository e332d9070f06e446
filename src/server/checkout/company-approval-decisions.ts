/**
 * A company admin decides an order that waits (docs/adr/0034-company-order-approval.md). Decided once: the status moves
 * from `waiting` by a compare-and-set, so a second admin (or a second press) finds it decided. Approving places the
 * frozen checkout as its buyer would have — the server's prices with the buyer's context, stock reserved, the shop's
 * invoice, the usual confirmation — and only for the amount the admin approved. The decision, the order, the link
 * between them and the buyer's mail are one transaction (the completion's): a crash or a failure anywhere in placing
 * (prices or stock changed meanwhile) leaves the request waiting with no order, and two approvals at once make one
 * order (the loser's compare-and-set finds it decided). Declining places nothing. The buyer is mailed either way.
 */
import type { Db } from '#server/db/connection.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { approvalText } from '#lib/company/approval-texts.ts';
import { canDecide, declineReason } from '#lib/company/order-approval-rules.ts';
import { approvalDecisionMail } from '#lib/mail/company-approval-mails.ts';
import { ConflictError, DomainError, NotFoundError } from '#lib/errors/domain-errors.ts';
import { companyCan } from '#lib/company/company-roles.ts';
import { membershipOf, requireCompany, type Membership } from '#server/company/company-accounts.ts';
import { providerFor } from '#server/payments/provider-registry.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { kickMailDelivery } from '#server/mail/mail-worker.ts';
import { loadCheckout, setApprovalStatus } from './checkout-repository.ts';
import { checkoutPageUrls } from './checkout-page-urls.ts';
import { quoteCheckout } from './checkout-quote.ts';
import { paymentMethodsFor } from './payment-methods.ts';
import { PriceChanged } from './complete-checkout.ts';
import { OutOfStock } from './stock-reservation.ts';
import { completeWithOwnInvoice } from './own-invoice-completion.ts';
import { cartContextOfCustomer } from './request-cart-context.ts';
import { approvalOfCompany, type ApprovalRequest } from './company-approval-requests.ts';

/** The request of the admin's own company, still waiting; the admin's language for the refusals. */
async function decidable(db: Db, actor: Membership | undefined, id: string): Promise<{ admin: Membership; request: ApprovalRequest }> {
  const admin = requireCompany(actor, 'approve');
  const request = await approvalOfCompany(db, admin, id);
  if (!request) throw new NotFoundError('no such order waiting in your company');
  if (!canDecide(request.status)) throw new ConflictError(approvalText(admin.company.locale, 'refused_decided'));
  return { admin, request };
}

/** waiting → `to`, by this admin, once (with the order approving placed): answers whether this call took the decision. */
async function claim(
  db: Db,
  id: string,
  adminId: number,
  to: 'approved' | 'declined',
  reason: string | null,
  now: Date,
  orderNumber: string | null = null,
): Promise<boolean> {
  const r = await db
    .updateTable('company_order_approvals')
    .set({ status: to, decided_by: adminId, decided_at: now.toISOString(), reason, order_id: orderNumber })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The buyer's mail of the decision, queued in `db` (the approval's: the order's transaction); sent by the caller's kick. */
async function mailBuyer(db: Db, request: ApprovalRequest, decision: Parameters<typeof approvalDecisionMail>[1], now: Date) {
  const buyer = await db.selectFrom('customers').select('email').where('id', '=', request.requestedBy.customerId).executeTakeFirst();
  if (!buyer) return;
  const content = approvalDecisionMail(request.locale, decision);
  await enqueueMail(
    db,
    {
      ...content,
      kind: 'company_approval_decision',
      locale: request.locale,
      to: buyer.email,
      dedupeKey: `company_approval_decision:${request.id}`,
    },
    { now },
  );
}

/** Approves and places the order; answers its number. */
export async function approveRequest(db: Db, actor: Membership | undefined, id: string, now = new Date()): Promise<string> {
  const { admin, request } = await decidable(db, actor, id);
  const locale = admin.company.locale;
  const refusedDecided = () => new ConflictError(approvalText(locale, 'refused_decided'));
  // the order is placed as the buyer's for the company: they must still buy for it, in a role that orders
  const buyer = await membershipOf(db, request.requestedBy.customerId);
  if (buyer?.company.id !== request.companyId || !companyCan(buyer.role, 'order'))
    throw new DomainError('invalid_transition', approvalText(locale, 'refused_not_member'));
  const c = await loadCheckout(db, request.checkoutId, request.locale);
  const method = c && paymentMethodsFor(request.locale).find((m) => m.id === c.paymentMethod);
  const provider = method && providerFor(method.id);
  if (!c || !method || !provider || provider.id !== 'invoice') throw new Error(`approval ${id}: its checkout cannot be placed`);
  const ctx = await cartContextOfCustomer(db, request.requestedBy.customerId);
  const total = formatMinorPrice(request.totalMinor, request.locale);
  let done: { orderNumber: string; created: boolean };
  try {
    done = await completeWithOwnInvoice(db, c, await quoteCheckout(db, c, ctx), method, provider, checkoutPageUrls(request.locale), ctx, {
      source: 'approval',
      approvedMinor: request.totalMinor,
      unit: {
        // the decision first: a lost compare-and-set reserves nothing; anything failing later undoes it
        first: async (trx) => {
          if (!(await claim(trx, id, admin.customerId, 'approved', null, now))) throw refusedDecided();
        },
        placed: async (trx, orderNumber) => {
          await trx.updateTable('company_order_approvals').set({ order_id: orderNumber }).where('id', '=', id).execute();
          await mailBuyer(trx, request, { approved: true, company: request.companyName, total, orderNumber }, now);
        },
      },
    });
  } catch (err) {
    if (err instanceof PriceChanged) throw new DomainError('price_changed', approvalText(locale, 'refused_price_changed'));
    if (err instanceof OutOfStock) throw new DomainError('out_of_stock', approvalText(locale, 'refused_out_of_stock'));
    throw err;
  }
  // an order already there was not placed by this approval (another one won the race)
  if (!done.created) throw refusedDecided();
  kickMailDelivery(db);
  return done.orderNumber;
}

/** Declines: nothing is placed, the checkout stays frozen as declined, the buyer is told (with the reason, if given). */
export async function declineRequest(
  db: Db,
  actor: Membership | undefined,
  id: string,
  rawReason?: string,
  now = new Date(),
): Promise<void> {
  const { admin, request } = await decidable(db, actor, id);
  const reason = declineReason(rawReason);
  const total = formatMinorPrice(request.totalMinor, request.locale);
  // the decision, the frozen checkout's status and the buyer's mail together, like an approval
  const decided = await db.transaction().execute(async (trx) => {
    if (!(await claim(trx, id, admin.customerId, 'declined', reason, now))) return false;
    await setApprovalStatus(trx, request.checkoutId, 'declined');
    await mailBuyer(trx, request, { approved: false, company: request.companyName, total, reason }, now);
    return true;
  });
  if (!decided) throw new ConflictError(approvalText(admin.company.locale, 'refused_decided'));
  kickMailDelivery(db);
}
