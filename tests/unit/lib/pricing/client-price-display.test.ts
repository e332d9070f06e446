import { describe, expect, it } from 'vitest';
import { renderPrice } from '#lib/pricing/client-price-display.ts';

const n = (s: string) => s.replace(/\s/g, ' ');

describe('price re-render (VAT mode, customer discount)', () => {
  it('shows ex-VAT and a customer discount per discount category', () => {
    expect(n(renderPrice({ amount: 125, vat: 25 }, 'sv', true).amount)).toBe('125 kr');
    expect(n(renderPrice({ amount: 125, vat: 25 }, 'sv', false).amount)).toBe('100 kr');
    const r = renderPrice({ amount: 200, vat: 25, discountCategory: 'A' }, 'sv', true, { A: 10 });
    expect(n(r.amount)).toBe('180 kr');
    expect(n(r.ordinary!)).toBe('200 kr');
    expect(renderPrice({ amount: 200, vat: 25, discountCategory: 'B' }, 'sv', true, { A: 10 }).ordinary).toBeUndefined();
  });
});
