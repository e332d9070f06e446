/**
 * The back office's navigation (docs/product/back-office.md#layout): each entry with the permission that shows
 * it. Only pages that exist are listed; the orders, returns, catalogue, customers and health pages add their
 * entries here when they arrive, in this order: Dashboard, Orders, Returns, Quotes, Customers, Companies, Catalogue, Content, Health, Experiments, Audit, Staff.
 */
import type { BoKey } from './backoffice-i18n.ts';
import { can, type Permission, type StaffRole } from './permissions.ts';

export interface NavEntry {
  label: BoKey;
  /** Public path on the admin host. */
  href: string;
  permission: Permission;
}

export const BACKOFFICE_NAV: readonly NavEntry[] = [
  { label: 'nav.dashboard', href: '/', permission: 'dashboard.read' },
  { label: 'nav.orders', href: '/orders', permission: 'orders.read' },
  { label: 'nav.returns', href: '/returns', permission: 'returns.read' },
  { label: 'nav.quotes', href: '/quotes', permission: 'orders.read' },
  { label: 'nav.customers', href: '/customers', permission: 'customers.read' },
  { label: 'nav.companies', href: '/companies', permission: 'customers.read' },
  { label: 'nav.catalogue', href: '/products', permission: 'catalogue.read' },
  { label: 'nav.content', href: '/content', permission: 'content.edit' },
  { label: 'nav.health', href: '/health', permission: 'health.read' },
  { label: 'nav.experiments', href: '/experiments', permission: 'health.read' },
  { label: 'nav.audit', href: '/audit', permission: 'audit.read' },
  { label: 'nav.staff', href: '/staff', permission: 'staff.manage' },
];

export const navFor = (role: StaffRole | string): NavEntry[] => BACKOFFICE_NAV.filter((e) => can(role, e.permission));

/** A `next` target after sign-in: a path of this host only (never //other.host or a scheme). */
export function safeNext(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value.length > 500 ? '/' : value;
}
