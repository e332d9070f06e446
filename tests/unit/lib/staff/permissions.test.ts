import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, type Permission, type StaffRole } from '#lib/staff/permissions.ts';
import { navFor, safeNext } from '#lib/staff/backoffice-nav.ts';

/** The whole table, written out: a change to the roles must change this test on purpose. */
const EXPECTED: Record<Permission, StaffRole[]> = {
  'dashboard.read': ['owner', 'staff', 'editor', 'read_only'],
  'orders.read': ['owner', 'staff', 'read_only'],
  'orders.act': ['owner', 'staff'],
  'returns.read': ['owner', 'staff', 'read_only'],
  'returns.act': ['owner', 'staff'],
  'catalogue.read': ['owner', 'staff', 'editor', 'read_only'],
  'catalogue.edit': ['owner', 'staff', 'editor'],
  'content.edit': ['owner', 'staff', 'editor'],
  'customers.read': ['owner', 'staff', 'read_only'],
  'customers.anonymise': ['owner', 'staff'],
  'companies.prices': ['owner', 'staff'],
  'health.read': ['owner', 'staff', 'read_only'],
  'health.act': ['owner', 'staff'],
  'audit.read': ['owner'],
  'staff.manage': ['owner'],
};

describe('staff permissions', () => {
  it('matches the table for every permission × role', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...PERMISSIONS].sort());
    for (const p of PERMISSIONS) for (const r of STAFF_ROLES) expect(can(r, p), `${r} ${p}`).toBe(EXPECTED[p].includes(r));
  });

  it('read-only acts on nothing, editor sees no orders or customers, staff manages no staff', () => {
    expect(ROLE_PERMISSIONS.read_only.filter((p) => !p.endsWith('.read'))).toEqual([]);
    for (const p of ['orders.read', 'orders.act', 'customers.read', 'customers.anonymise', 'returns.read'] as const)
      expect(can('editor', p)).toBe(false);
    expect(can('staff', 'staff.manage')).toBe(false);
  });

  it('an unknown role may nothing', () => {
    for (const p of PERMISSIONS) expect(can('admin', p)).toBe(false);
  });

  it('shows each role only the navigation it may open', () => {
    expect(navFor('owner').map((e) => e.href)).toEqual([
      '/',
      '/orders',
      '/returns',
      '/quotes',
      '/customers',
      '/companies',
      '/products',
      '/content',
      '/health',
      '/experiments',
      '/audit',
      '/staff',
    ]);
    expect(navFor('staff').map((e) => e.href)).toEqual([
      '/',
      '/orders',
      '/returns',
      '/quotes',
      '/customers',
      '/companies',
      '/products',
      '/content',
      '/health',
      '/experiments',
    ]);
    // the editor: the catalogue and content, no orders, returns or customers
    expect(navFor('editor').map((e) => e.href)).toEqual(['/', '/products', '/content']);
    expect(navFor('read_only').map((e) => e.href)).toEqual([
      '/',
      '/orders',
      '/returns',
      '/quotes',
      '/customers',
      '/companies',
      '/products',
      '/health',
      '/experiments',
    ]);
  });

  it('sends a signed-in member only to paths of this host', () => {
    expect(safeNext('/audit?page=2')).toBe('/audit?page=2');
    expect(safeNext('//evil.example/')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });
});
