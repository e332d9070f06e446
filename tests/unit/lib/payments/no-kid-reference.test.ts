import { describe, expect, it } from 'vitest';
import { isValidNorwegianKid, norwegianKid } from '#lib/payments/no-kid-reference.ts';

describe('Norwegian KID (MOD10)', () => {
  it('appends the MOD10 check digit', () => {
    expect(norwegianKid('7992739871')).toBe('79927398713');
    expect(norwegianKid('1001007')).toBe('10010072');
    expect(() => norwegianKid('1'.repeat(25))).toThrow(RangeError);
    expect(() => norwegianKid('12-3')).toThrow(RangeError);
  });
  it('validates', () => {
    expect(isValidNorwegianKid('79927398713')).toBe(true);
    expect(isValidNorwegianKid('79927398714')).toBe(false);
    expect(isValidNorwegianKid('3')).toBe(false);
    expect(isValidNorwegianKid('1234567-')).toBe(false); // MOD11's '-' is not ours
  });
});
