import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRfCreditorReference, isValidRfCreditorReference, rfCreditorReference } from '#lib/payments/rf-creditor-reference.ts';

describe('RF creditor reference (ISO 11649)', () => {
  it('reproduces the standard’s example', () => {
    expect(rfCreditorReference('539007547034')).toBe('RF18539007547034');
    expect(isValidRfCreditorReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidRfCreditorReference('rf18539007547034')).toBe(true);
    expect(isValidRfCreditorReference('RF19 5390 0754 7034')).toBe(false);
    expect(isValidRfCreditorReference('RF18 5390 0754 7043')).toBe(false);
  });
  it('wraps a Finnish reference number', () => {
    expect(rfCreditorReference('12345672')).toBe('RF8512345672');
    expect(rfCreditorReference('1232')).toBe('RF111232');
  });
  it('refuses what the standard does not allow', () => {
    expect(() => rfCreditorReference('')).toThrow(RangeError);
    expect(() => rfCreditorReference('1'.repeat(22))).toThrow(RangeError);
    expect(() => rfCreditorReference('ABC-1')).toThrow(RangeError);
    expect(isValidRfCreditorReference('RF18')).toBe(false);
    expect(isValidRfCreditorReference('XX18539007547034')).toBe(false);
  });
  it('formats in groups of four', () => {
    expect(formatRfCreditorReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
    expect(formatRfCreditorReference('RF111232')).toBe('RF11 1232');
  });
  it('every generated reference validates, also with letters; other check digits do not', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{1,21}$/), fc.integer({ min: 1, max: 9 }), (ref, delta) => {
        const rf = rfCreditorReference(ref);
        expect(isValidRfCreditorReference(rf)).toBe(true);
        const changed = `${rf.slice(0, 3)}${(Number(rf[3]) + delta) % 10}${rf.slice(4)}`;
        expect(isValidRfCreditorReference(changed)).toBe(false);
      }),
    );
  });
});
