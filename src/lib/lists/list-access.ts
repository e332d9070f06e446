/**
 * Who may read and change a list (docs/product/lists.md#sharing). Pure.
 * - a personal list (no company): only the customer who made it reads and changes it;
 * - a company's list: every member of that company reads it; admins and buyers change it (create, rename, delete,
 *   lines); viewers only read (and may put its lines in their cart: ordering is what a viewer cannot do);
 * - anyone else: nothing, answered as if the list did not exist (404), so an id reveals nothing.
 */
import { companyCan, type CompanyRole } from '#lib/company/company-roles.ts';

/** The asking customer: their id and, when they buy for a company in this storefront, that company and role. */
export interface ListActor {
  customerId: number;
  company: { id: string; role: CompanyRole } | null;
}

export type ListAccess = 'none' | 'read' | 'edit';

export function listAccess(actor: ListActor, list: { companyId: string | null; customerId: number }): ListAccess {
  if (list.companyId === null) return list.customerId === actor.customerId ? 'edit' : 'none';
  if (actor.company?.id !== list.companyId) return 'none';
  return companyCan(actor.company.role, 'order') ? 'edit' : 'read';
}

/** Whether the actor may make a new list: a member of a company makes the company's lists, so a viewer may not. */
export const mayCreateList = (actor: ListActor): boolean => actor.company === null || companyCan(actor.company.role, 'order');

/** Lists per owner (a company, or a customer's own), lines per list, and the saved cart's lines. */
export const LIST_LIMITS = { listsPerOwner: 50, linesPerList: 500, nameLength: 100, noteLength: 200, maxQuantity: 5000 } as const;

/** Lines added to a list: the same sku merges into one line with both quantities, capped at the cart's maximum. */
export function mergedQuantity(existing: number | undefined, added: number): number {
  return Math.min((existing ?? 0) + added, LIST_LIMITS.maxQuantity);
}
