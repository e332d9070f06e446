import { describe, expect, it } from 'vitest';
import { freeShippingProgress, totalsRows } from '#lib/checkout/client-totals-rows.ts';
import type { CheckoutTotals } from '#lib/api/checkout-contracts.ts';

const totals: CheckoutTotals = {
  currency: 'SEK',
  goods_minor: 50_000,
  discount_minor: 5_000,
  shipping_minor: 5_000,
  total_minor: 50_000,
  vat_minor: 10_000,
  vat_breakdown: [{ rate: 25, net_minor: 40_000, vat_minor: 10_000, gross_minor: 50_000 }],
  free_shipping_threshold_minor: 49_900,
  free_shipping_left_minor: 4_900,
};

describe('checkout summary rows', () => {
  it('incl. VAT: goods, discount, shipping, total and the VAT it contains', () => {
    expect(totalsRows(totals, false)).toEqual([
      { kind: 'goods', minor: 50_000 },
      { kind: 'discount', minor: -5_000 },
      { kind: 'shipping', minor: 5_000 },
      { kind: 'total', minor: 50_000 },
      { kind: 'vat_included', minor: 10_000 },
    ]);
  });
  it('ex VAT: rows without VAT, the net sum and VAT from the breakdown, the total to pay', () => {
    expect(totalsRows(totals, true)).toEqual([
      { kind: 'goods', minor: 40_000 },
      { kind: 'discount', minor: -4_000 },
      { kind: 'shipping', minor: 4_000 },
      { kind: 'net', minor: 40_000 },
      { kind: 'vat', minor: 10_000 },
      { kind: 'total', minor: 50_000 },
    ]);
    expect(totalsRows({ ...totals, discount_minor: 0 }, true).map((r) => r.kind)).not.toContain('discount');
  });
  it('free-shipping progress is the share of the threshold reached', () => {
    expect(freeShippingProgress(totals)).toBeCloseTo(45_000 / 49_900);
    expect(freeShippingProgress({ free_shipping_threshold_minor: 100, free_shipping_left_minor: 0 })).toBe(1);
    expect(freeShippingProgress({ free_shipping_threshold_minor: 0, free_shipping_left_minor: 0 })).toBe(1);
  });
});
