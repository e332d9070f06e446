import { describe, expect, it } from 'vitest';
import { fikCodeLine, fikPaymentId, isValidFikPaymentId, parseFikCodeLine } from '#lib/payments/dk-fik-reference.ts';

describe('Danish FIK +71', () => {
  it('pads to 14 digits and appends the modulus-10 check digit', () => {
    expect(fikPaymentId('1')).toBe('000000000000018'); // the FI-kort printer's published example
    expect(fikPaymentId('2')).toBe('000000000000026');
    expect(fikPaymentId('6709753')).toBe('000000067097535'); // from a real invoice
  });
  it('validates 15-digit payment ids', () => {
    expect(isValidFikPaymentId('000000067097535')).toBe(true);
    expect(isValidFikPaymentId('026840149965328')).toBe(true); // Business::DK::FI's example
    expect(isValidFikPaymentId('000000067097536')).toBe(false);
    expect(isValidFikPaymentId('000000067079535')).toBe(false); // neighbours swapped
    expect(isValidFikPaymentId('67097535')).toBe(false);
  });
  it('writes and reads the code line', () => {
    expect(fikCodeLine('6709753', '85799665')).toBe('+71<000000067097535+85799665<');
    expect(parseFikCodeLine('+71< 000000067097535+85799665<')).toEqual({ paymentId: '000000067097535', creditorNumber: '85799665' });
    expect(parseFikCodeLine('+71<000000067097536+85799665<')).toBeUndefined();
    expect(parseFikCodeLine('+73<000000067097535+85799665<')).toBeUndefined();
    expect(() => fikCodeLine('6709753', '8579966')).toThrow(RangeError);
    expect(() => fikPaymentId('1'.repeat(15))).toThrow(RangeError);
  });
});
