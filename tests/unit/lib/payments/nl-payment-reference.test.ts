import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  betalingskenmerkCheckDigit,
  dutchPaymentReference,
  formatDutchPaymentReference,
  isValidDutchPaymentReference,
} from '#lib/payments/nl-payment-reference.ts';

describe('Dutch betalingskenmerk', () => {
  it('reproduces Betaalvereniging’s 16-digit example (5)000 0567 8901 2345', () => {
    expect(dutchPaymentReference('56789012345')).toBe('5000056789012345');
    expect(isValidDutchPaymentReference('5000 0567 8901 2345')).toBe(true);
  });
  it('maps 10 → 1 and 11 → 0', () => {
    expect(betalingskenmerkCheckDigit('000000000000001')).toBe(9); // 1×2 = 2 → 11 − 2
    expect(betalingskenmerkCheckDigit('000000000000006')).toBe(1); // 6×2 = 12, rest 1 → 10 → 1
    expect(betalingskenmerkCheckDigit('000000000000035')).toBe(0); // 5×2 + 3×4 = 22, rest 0 → 11 → 0
    expect(dutchPaymentReference('6')).toBe('1000000000000006');
  });
  it('repeats the weights after ten digits', () => {
    // 1 at position 11 from the right carries weight 2 again, like position 1.
    expect(betalingskenmerkCheckDigit('000010000000000')).toBe(betalingskenmerkCheckDigit('000000000000001'));
  });
  it('validates the short forms with length code (published example 12 2345 3462 2567)', () => {
    expect(isValidDutchPaymentReference('1223453462 2567')).toBe(true);
    expect(isValidDutchPaymentReference('1323453462 2567')).toBe(false); // wrong length code
    expect(isValidDutchPaymentReference('2223453462 2567')).toBe(false); // wrong check digit
  });
  it('rejects wrong lengths and changed digits', () => {
    expect(isValidDutchPaymentReference('5000056789012346')).toBe(false);
    expect(isValidDutchPaymentReference('500005678901234')).toBe(false); // 15 digits do not exist
    expect(isValidDutchPaymentReference('1234567')).toBe(false); // 7 digits carry no check: not ours
    expect(() => dutchPaymentReference('1'.repeat(16))).toThrow(RangeError);
  });
  it('groups in fours', () => {
    expect(formatDutchPaymentReference('5000056789012345')).toBe('5000 0567 8901 2345');
  });
  it('every generated reference validates; a changed digit is caught unless the check digit is 1', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,15}$/), fc.nat(15), fc.integer({ min: 1, max: 9 }), (base, i, delta) => {
        const ref = dutchPaymentReference(base);
        expect(isValidDutchPaymentReference(ref)).toBe(true);
        const changed = ref.slice(0, i) + ((Number(ref[i]) + delta) % 10) + ref.slice(i + 1);
        // Remainders 1 and 10 both give check digit 1 (10 → 1), so the scheme cannot catch a change between them.
        if (ref[0] !== '1') expect(isValidDutchPaymentReference(changed)).toBe(false);
      }),
    );
  });
});
