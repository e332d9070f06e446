import { describe, expect, it } from 'vitest';
import { failureReason, isCheckoutIdShape } from '#lib/checkout/failure-reasons.ts';

describe('failed page reasons and checkout ids in paths', () => {
  it('keeps known reasons and shows anything else as a provider error', () => {
    expect(failureReason('declined')).toBe('declined');
    expect(failureReason('out_of_stock')).toBe('out_of_stock');
    expect(failureReason('toString')).toBe('provider_error');
    expect(failureReason(null)).toBe('provider_error');
  });
  it('accepts URL-safe ids up to 64 characters', () => {
    expect(isCheckoutIdShape('AbC_12-xyz')).toBe(true);
    expect(isCheckoutIdShape('a'.repeat(65))).toBe(false);
    expect(isCheckoutIdShape('a/b')).toBe(false);
    expect(isCheckoutIdShape(undefined)).toBe(false);
  });
});
