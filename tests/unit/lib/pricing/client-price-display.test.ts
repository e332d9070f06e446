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

  it('shows a company net price when it is lower than the discounted price, never both (docs/adr/0035-company-prices.md)', () => {
    const net = renderPrice({ amount: 200, vat: 25, discountCategory: 'A', net: 150 }, 'sv', false, { A: 10 });
    expect(n(net.amount)).toBe('120 kr');
    expect(n(net.ordinary!)).toBe('160 kr');
    expect(n(renderPrice({ amount: 200, vat: 25, discountCategory: 'A', net: 190 }, 'sv', true, { A: 10 }).amount)).toBe('180 kr');
    expect(n(renderPrice({ amount: 200, vat: 25, net: 150 }, 'sv', true).amount)).toBe('150 kr');
  });
});
