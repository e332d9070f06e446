/**
 * Who may do what in the back office (docs/product/back-office.md#roles): one table, permission × role. Pure, so
 * pages, the navigation and the server's guards read the same answer. read_only sees but never acts; editor
 * works on the catalogue and content only (no orders, no customers); staff runs the shop but not the staff.
 */
export const STAFF_ROLES = ['owner', 'staff', 'editor', 'read_only'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'dashboard.read',
  'orders.read',
  'orders.act',
  'returns.read',
  'returns.act',
  'catalogue.read',
  'catalogue.edit',
  'content.edit',
  'customers.read',
  'customers.anonymise',
  /** a company's prices: category percentages and its price list (docs/product/company-prices.md) */
  'companies.prices',
  'health.read',
  'health.act',
  'audit.read',
  'staff.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

/** The table itself: what each role may. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: ALL,
  staff: ALL.filter((p) => p !== 'staff.manage' && p !== 'audit.read'),
  editor: ['dashboard.read', 'catalogue.read', 'catalogue.edit', 'content.edit'],
  read_only: ['dashboard.read', 'orders.read', 'returns.read', 'catalogue.read', 'customers.read', 'health.read'],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function can(role: StaffRole | string, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}
