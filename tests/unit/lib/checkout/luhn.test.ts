import { describe, expect, it } from 'vitest';
import { isLuhnValid, luhnCheckDigit } from '#lib/checkout/luhn.ts';

describe('Luhn', () => {
  it('computes the check digit of published examples', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3); // the textbook example 79927398713
    expect(luhnCheckDigit('556012579')).toBe(0); // AB Volvo 556012-5790
    expect(luhnCheckDigit('1')).toBe(8); // FI-kort printer: payment id 1 → 18
    expect(luhnCheckDigit('2')).toBe(6);
    expect(luhnCheckDigit('0')).toBe(0);
  });
  it('validates', () => {
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(isLuhnValid('79927398731')).toBe(false); // last two swapped
    expect(isLuhnValid('0')).toBe(false);
    expect(isLuhnValid('7992-7398713')).toBe(false);
  });
  it('rejects a non-digit payload', () => {
    expect(() => luhnCheckDigit('12a')).toThrow(RangeError);
    expect(() => luhnCheckDigit('')).toThrow(RangeError);
  });
});
