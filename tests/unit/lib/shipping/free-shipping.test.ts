import { describe, expect, it } from 'vitest';
import {
  amountLeftForFreeShippingMinor,
  FREE_SHIPPING_THRESHOLD_MINOR,
  priceWithinPromise,
  qualifiesForFreeShipping,
} from '#lib/shipping/free-shipping.ts';

describe('free shipping threshold', () => {
  it('is 499 kr, 599 kr, 449 kr, 49 €, 49 € in minor units', () => {
    expect(FREE_SHIPPING_THRESHOLD_MINOR).toEqual({ sv: 49_900, no: 59_900, da: 44_900, fi: 4_900, nl: 4_900 });
  });
  it('applies from the threshold itself', () => {
    expect(qualifiesForFreeShipping('sv', 49_900)).toBe(true);
    expect(qualifiesForFreeShipping('sv', 49_899)).toBe(false);
    expect(qualifiesForFreeShipping('fi', 4_900)).toBe(true);
    expect(qualifiesForFreeShipping('no', 49_900)).toBe(false);
  });
  it('tells what is left to spend', () => {
    expect(amountLeftForFreeShippingMinor('sv', 40_000)).toBe(9_900);
    expect(amountLeftForFreeShippingMinor('da', 44_900)).toBe(0);
    expect(amountLeftForFreeShippingMinor('nl', 10_000)).toBe(0);
  });
  it("holds any processor's price to the promise: 0 from the threshold except express, lower prices kept", () => {
    expect(priceWithinPromise('sv', 49_900, 'service_point', 4_900)).toBe(0);
    expect(priceWithinPromise('sv', 49_900, 'home', 7_900)).toBe(0);
    expect(priceWithinPromise('sv', 49_900, 'mailbox', 2_900)).toBe(0);
    expect(priceWithinPromise('sv', 49_900, 'express', 14_900)).toBe(14_900);
    expect(priceWithinPromise('sv', 49_899, 'home', 7_900)).toBe(7_900);
    expect(priceWithinPromise('no', 49_900, 'home', 9_900)).toBe(9_900);
    expect(priceWithinPromise('fi', 1_000, 'home', 0)).toBe(0);
  });
});
