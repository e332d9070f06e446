/** Who reads and changes a list (docs/product/lists.md#sharing), and the lists page's forms. */
import { describe, expect, it } from 'vitest';
import { LIST_LIMITS, listAccess, mayCreateList, mergedQuantity, type ListActor } from '#lib/lists/list-access.ts';
import { listFormSchema } from '#lib/lists/list-forms.ts';

const alone: ListActor = { customerId: 1, company: null };
const admin: ListActor = { customerId: 2, company: { id: 'A', role: 'admin' } };
const buyer: ListActor = { customerId: 3, company: { id: 'A', role: 'buyer' } };
const viewer: ListActor = { customerId: 4, company: { id: 'A', role: 'viewer' } };
const otherCompany: ListActor = { customerId: 5, company: { id: 'B', role: 'admin' } };

describe('list access', () => {
  it('a personal list is its maker’s alone, even for their company', () => {
    const mine = { companyId: null, customerId: 1 };
    expect(listAccess(alone, mine)).toBe('edit');
    expect(listAccess({ customerId: 9, company: null }, mine)).toBe('none');
    expect(listAccess(admin, { companyId: null, customerId: 3 })).toBe('none');
  });
  it('a company list: admins and buyers edit, viewers read, another company nothing', () => {
    const shared = { companyId: 'A', customerId: 3 };
    expect(listAccess(admin, shared)).toBe('edit');
    expect(listAccess(buyer, shared)).toBe('edit');
    expect(listAccess(viewer, shared)).toBe('read');
    expect(listAccess(otherCompany, shared)).toBe('none');
    // the maker who left the company no longer reaches it
    expect(listAccess({ customerId: 3, company: null }, shared)).toBe('none');
  });
  it('a viewer may not make lists; everyone else may', () => {
    expect([alone, admin, buyer, viewer].map(mayCreateList)).toEqual([true, true, true, false]);
  });
  it('merges quantities up to the cart’s maximum', () => {
    expect(mergedQuantity(undefined, 3)).toBe(3);
    expect(mergedQuantity(2, 3)).toBe(5);
    expect(mergedQuantity(4999, 3)).toBe(LIST_LIMITS.maxQuantity);
  });
});

describe('list forms', () => {
  const id = '7d0f7c5e-3f7b-4a53-9c5d-2a4f7e1b9c01';
  it('reads the cart field as sku:qty pairs', () => {
    const r = listFormSchema.parse({ action: 'save_cart', cart: 'A-1:2;B-2:1;' });
    expect(r).toEqual({
      action: 'save_cart',
      cart: [
        { sku: 'A-1', quantity: 2 },
        { sku: 'B-2', quantity: 1 },
      ],
    });
  });
  it.each([
    [{ action: 'save_cart', cart: '' }, 'cart'],
    [{ action: 'save_cart', cart: 'A-1:0' }, 'cart'],
    [{ action: 'save_cart', cart: 'A-1:x' }, 'cart'],
    [{ action: 'create', name: ' ' }, 'name'],
    [{ action: 'create', name: 'x'.repeat(101) }, 'name'],
    [{ action: 'rename', list: '1', name: 'ok' }, 'list'],
    [{ action: 'add_line', list: id, number: 'A-1', quantity: '5001' }, 'quantity'],
    [{ action: 'add_line', list: id, number: '', quantity: '1' }, 'number'],
    [{ action: 'change_line', list: id, sku: 'A-1', quantity: '1', note: 'n'.repeat(201) }, 'note'],
  ])('refuses %o naming %s', (fields, field) => {
    const r = listFormSchema.safeParse(fields);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path[0]).toBe(field);
  });
  it('refuses more lines than a list holds', () => {
    const cart = Array.from({ length: LIST_LIMITS.linesPerList + 1 }, (_, i) => `S${i}:1`).join(';');
    expect(listFormSchema.safeParse({ action: 'save_cart', cart }).success).toBe(false);
  });
});
