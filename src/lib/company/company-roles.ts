/**
 * What each member of a company account may do (docs/product/company-accounts.md#roles). Pure.
 * - admin: everything a buyer may, and manages the company: its details, members, invitations, spending limits;
 *   approves or declines orders waiting above a buyer's limit; sees every order of the company.
 * - buyer: orders for the company (up to their spending limit without approval) and sees the company's orders.
 * - viewer: sees the company's orders and lists; cannot order.
 */
export const COMPANY_ROLES = ['admin', 'buyer', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const isCompanyRole = (v: unknown): v is CompanyRole => typeof v === 'string' && (COMPANY_ROLES as readonly string[]).includes(v);

export type CompanyPermission = 'manage' | 'approve' | 'order' | 'view';

const GRANTS: Readonly<Record<CompanyRole, readonly CompanyPermission[]>> = {
  admin: ['manage', 'approve', 'order', 'view'],
  buyer: ['order', 'view'],
  viewer: ['view'],
};

export const companyCan = (role: CompanyRole, permission: CompanyPermission): boolean => GRANTS[role].includes(permission);

/**
 * Whether an order of `totalMinor` by this member waits for an admin: a buyer above their limit does; an admin never
 * waits (they approve their own), and a member without a limit never waits.
 */
export function needsApproval(member: { role: CompanyRole; spendingLimitMinor: number | null }, totalMinor: number): boolean {
  if (member.role !== 'buyer' || member.spendingLimitMinor === null) return false;
  return totalMinor > member.spendingLimitMinor;
}

/** A company keeps at least one admin: removing or demoting the last one is refused. */
export function leavesAnAdmin(
  members: readonly { customerId: number; role: CompanyRole }[],
  change: { customerId: number; role: CompanyRole | null },
): boolean {
  return members.some((m) => m.role === 'admin' && (m.customerId !== change.customerId || change.role === 'admin'));
}
