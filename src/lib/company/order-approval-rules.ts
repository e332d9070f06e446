/**
 * What a company member's checkout may do, and how an approval request moves (docs/adr/0034-company-order-approval.md,
 * docs/product/company-accounts.md#approval). Pure.
 */
import { companyCan, needsApproval, type CompanyRole } from './company-roles.ts';

export const APPROVAL_STATUSES = ['waiting', 'approved', 'declined'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const isApprovalStatus = (v: unknown): v is ApprovalStatus =>
  typeof v === 'string' && (APPROVAL_STATUSES as readonly string[]).includes(v);

/**
 * How placing an order of `totalMinor` goes for this member: `refused` for a role that may not order (a viewer),
 * `approval` for a buyer above their limit (the order waits for an admin), `place` otherwise. Not a member: `place`.
 */
export type CompanyCheckoutOutcome = 'place' | 'approval' | 'refused';

export function companyCheckoutOutcome(
  member: { role: CompanyRole; spendingLimitMinor: number | null } | undefined,
  totalMinor: number,
): CompanyCheckoutOutcome {
  if (!member) return 'place';
  if (!companyCan(member.role, 'order')) return 'refused';
  return needsApproval(member, totalMinor) ? 'approval' : 'place';
}

/**
 * An order that waits is paid by the shop's own invoice only (provider `invoice`): nothing is charged or reserved at a
 * provider while an admin decides, and approving needs no shopper at a payment page (ADR 0034).
 */
export const payableWhileWaiting = (provider: string): boolean => provider === 'invoice';

/** A request is decided once: only a waiting one may be approved or declined. */
export const canDecide = (status: string): boolean => status === 'waiting';

/** A decline's reason as kept: trimmed, at most 500 characters, none when empty. */
export function declineReason(raw: string | undefined): string | null {
  const r = (raw ?? '').trim().slice(0, 500);
  return r === '' ? null : r;
}
