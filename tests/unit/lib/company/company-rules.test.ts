import { describe, expect, it } from 'vitest';
import { companyCan, leavesAnAdmin, needsApproval } from '#lib/company/company-roles.ts';
import { validateVatNumber } from '#lib/company/vat-number.ts';

describe('company roles', () => {
  it('lets admins manage and approve, buyers order, viewers only look', () => {
    expect(companyCan('admin', 'manage')).toBe(true);
    expect(companyCan('admin', 'approve')).toBe(true);
    expect(companyCan('buyer', 'order')).toBe(true);
    expect(companyCan('buyer', 'manage')).toBe(false);
    expect(companyCan('buyer', 'approve')).toBe(false);
    expect(companyCan('viewer', 'view')).toBe(true);
    expect(companyCan('viewer', 'order')).toBe(false);
  });

  it('sends a buyer above their limit to approval, never an admin or an unlimited buyer', () => {
    expect(needsApproval({ role: 'buyer', spendingLimitMinor: 100_000 }, 100_000)).toBe(false);
    expect(needsApproval({ role: 'buyer', spendingLimitMinor: 100_000 }, 100_001)).toBe(true);
    expect(needsApproval({ role: 'buyer', spendingLimitMinor: null }, 9_999_999)).toBe(false);
    expect(needsApproval({ role: 'admin', spendingLimitMinor: 1 }, 9_999_999)).toBe(false);
  });

  it('keeps at least one admin', () => {
    const members = [
      { customerId: 1, role: 'admin' as const },
      { customerId: 2, role: 'buyer' as const },
    ];
    expect(leavesAnAdmin(members, { customerId: 1, role: null })).toBe(false);
    expect(leavesAnAdmin(members, { customerId: 1, role: 'buyer' })).toBe(false);
    expect(leavesAnAdmin(members, { customerId: 2, role: null })).toBe(true);
    expect(leavesAnAdmin([...members, { customerId: 3, role: 'admin' }], { customerId: 1, role: null })).toBe(true);
  });
});

describe('validateVatNumber', () => {
  it('derives the number from the organisation number where the country does', () => {
    expect(validateVatNumber('sv', 'SE 556677-8899 01', '556677-8899')).toEqual({ ok: true, normalized: 'SE556677889901' });
    expect(validateVatNumber('no', 'no987654325mva', '987 654 325')).toEqual({ ok: true, normalized: 'NO987654325MVA' });
    expect(validateVatNumber('da', 'DK 29 87 65 41', '29876541')).toEqual({ ok: true, normalized: 'DK29876541' });
    expect(validateVatNumber('fi', 'FI23456780', '2345678-0')).toEqual({ ok: true, normalized: 'FI23456780' });
    expect(validateVatNumber('nl', 'NL123456789B01', '12345678')).toEqual({ ok: true, normalized: 'NL123456789B01' });
  });
  it('refuses another company s number and a wrong shape', () => {
    expect(validateVatNumber('sv', 'SE559123456101', '556677-8899')).toEqual({ ok: false, reason: 'mismatch' });
    expect(validateVatNumber('no', 'NO987654325', '987654325')).toEqual({ ok: false, reason: 'format' });
    expect(validateVatNumber('nl', 'NL123456789', '12345678')).toEqual({ ok: false, reason: 'format' });
  });
});
