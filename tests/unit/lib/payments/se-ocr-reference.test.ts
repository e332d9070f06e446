import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidSwedishOcrReference, swedishOcrReference } from '#lib/payments/se-ocr-reference.ts';

describe('Swedish OCR reference with length digit', () => {
  it('appends length (mod 10) and Luhn check digit', () => {
    expect(swedishOcrReference('12345')).toBe('1234574'); // 7 digits in all → length digit 7
    expect(swedishOcrReference('12345678')).toBe('1234567806'); // 10 digits → length digit 0
    expect(swedishOcrReference('1001007')).toBe('100100791'); // 9 digits → '10010079' + Luhn
  });
  it('validates length digit and check digit separately, as a bank with hard control does', () => {
    expect(isValidSwedishOcrReference('1234574')).toBe(true);
    expect(isValidSwedishOcrReference('1234567806')).toBe(true);
    expect(isValidSwedishOcrReference('1234575')).toBe(false); // check digit
    expect(isValidSwedishOcrReference('1234566')).toBe(false); // Luhn-valid, but the length digit says 6
    expect(isValidSwedishOcrReference('12')).toBe(false);
    expect(isValidSwedishOcrReference('1234 574')).toBe(false);
  });
  it('limits the reference to 25 digits', () => {
    expect(swedishOcrReference('1'.repeat(23))).toHaveLength(25);
    expect(() => swedishOcrReference('1'.repeat(24))).toThrow(RangeError);
    expect(() => swedishOcrReference('')).toThrow(RangeError);
  });
  it('every generated reference validates', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{1,23}$/), (base) => isValidSwedishOcrReference(swedishOcrReference(base))));
  });
});
