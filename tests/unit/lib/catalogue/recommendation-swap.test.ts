import { describe, expect, it } from 'vitest';
import { cardPrice, wantsSwap } from '#lib/catalogue/recommendation-swap.ts';

describe('request-time recommendations in the browser', () => {
  it('asks only for the external provider: internal (and anything unknown) is what the page was built with', () => {
    expect(wantsSwap('external')).toBe(true);
    expect(wantsSwap('internal')).toBe(false);
    expect(wantsSwap('something')).toBe(false);
  });

  it("shows a card's price as the static block does: unit price for one, the ordinary price only when higher", () => {
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
    expect(cardPrice({ prices: { n: [{ q: 1, p: 149 }], c: [{ q: 1, p: 99, o: 149, d: 34 }] }, vat: 25, discount_category: 'B' })).toEqual({
      amount: 99,
      ordinary: 149,
      vat: 25,
      discountCategory: 'B',
    });
  });
});
