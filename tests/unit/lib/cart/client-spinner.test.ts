import { describe, expect, it } from 'vitest';
import { clampQuantity, debounceFor, shouldSendUpdate } from '#lib/cart/client-spinner.ts';

describe('quantity spinner', () => {
  it('forces integers in 0–5000, non-numeric → 0', () => {
    expect(clampQuantity('3.7')).toBe(3);
    expect(clampQuantity('-4')).toBe(0);
    expect(clampQuantity('90000')).toBe(5000);
    expect(clampQuantity('abc')).toBe(0);
    expect(clampQuantity('')).toBe(0);
    expect(clampQuantity(12)).toBe(12);
  });
  it('debounces 250 ms, removes at once, skips unchanged values', () => {
    expect(debounceFor(3)).toBe(250);
    expect(debounceFor(0)).toBe(0);
    expect(shouldSendUpdate(2, 2)).toBe(false);
    expect(shouldSendUpdate(3, 2)).toBe(true);
  });
});
