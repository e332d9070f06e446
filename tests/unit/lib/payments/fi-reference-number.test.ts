import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finnishReference, formatFinnishReference, isValidFinnishReference } from '#lib/payments/fi-reference-number.ts';

describe('Finnish reference number (viitenumero)', () => {
  it('weights 7,3,1 from the right', () => {
    expect(finnishReference('1234567')).toBe('12345672'); // Finance Finland's example
    expect(finnishReference('123')).toBe('1232');
    expect(finnishReference('1001007')).toBe('10010077'); // 49 + 7 + 7 = 63
    expect(finnishReference('100')).toBe('1009'); // 0·7 + 0·3 + 1·1 = 1 → 9
    expect(finnishReference('130')).toBe('1300'); // 0·7 + 3·3 + 1·1 = 10 → (10 − 0) mod 10 = 0
  });
  it('validates, ignoring the print grouping', () => {
    expect(isValidFinnishReference('12345672')).toBe(true);
    expect(isValidFinnishReference('123 45672')).toBe(true);
    expect(isValidFinnishReference('12345673')).toBe(false);
    expect(isValidFinnishReference('123')).toBe(false); // too short
    expect(isValidFinnishReference('012345672')).toBe(false); // no leading zeros
    expect(isValidFinnishReference('1'.repeat(21))).toBe(false);
  });
  it('refuses bases of the wrong length', () => {
    expect(() => finnishReference('12')).toThrow(RangeError);
    expect(() => finnishReference('1'.repeat(20))).toThrow(RangeError);
    expect(() => finnishReference('0123')).toThrow(RangeError);
  });
  it('prints groups of five from the right', () => {
    expect(formatFinnishReference('12345672')).toBe('123 45672');
    expect(formatFinnishReference('12345678901')).toBe('1 23456 78901');
    expect(formatFinnishReference('1232')).toBe('1232');
  });
  it('every generated reference validates', () => {
    fc.assert(fc.property(fc.stringMatching(/^[1-9]\d{2,18}$/), (base) => isValidFinnishReference(finnishReference(base))));
  });
});
