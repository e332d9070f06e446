import { describe, expect, it } from 'vitest';
import { cardPrice, wantsSwap } from '#lib/catalogue/recommendation-swap.ts';

describe('request-time recommendations in the browser', () => {
  it('asks only for the external provider: internal (and anything unknown) is what the page was built with', () => {
    expect(wantsSwap('external')).toBe(true);
    expect(wantsSwap('internal')).toBe(false);
    expect(wantsSwap('something')).toBe(false);
  });

  it("shows a card's price as the static block does: unit price for one, the prior price of a reduction struck", () => {
    expect(
      cardPrice({
        prices: {
          n: [
            { q: 1, p: 149 },
            { q: 5, p: 129 },
          ],
        },
        vat: 25,
        discount_category: null,
      }),
    ).toEqual({ amount: 149, vat: 25 });
    const campaign = { n: [{ q: 1, p: 149 }], c: [{ q: 1, p: 99, o: 149, d: 34 }] };
    const prior_prices = [{ q: 1, minor: 13_900, reduced_at: '2026-01-01T00:00:00.000Z' }];
    expect(cardPrice({ prices: campaign, vat: 25, discount_category: 'B', prior_prices })).toEqual({
      amount: 99,
      ordinary: 139,
      vat: 25,
      discountCategory: 'B',
    });
    // no prior price: no reduction announced (docs/adr/0022-prior-price.md)
    expect(cardPrice({ prices: campaign, vat: 25, discount_category: null })).toEqual({ amount: 99, vat: 25 });
  });
});
