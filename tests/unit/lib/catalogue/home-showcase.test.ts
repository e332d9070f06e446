import { describe, expect, it } from 'vitest';
import { homeShowcase } from '#lib/catalogue/home-showcase.ts';

const p = (id: number, campaign: boolean, stock_status = 'in-stock', orderable = true) => ({ id, campaign, stock_status, orderable });

describe('homeShowcase', () => {
  it('takes the first 4 orderable campaign products as deals, then 8 other in-stock ones, in catalogue order', () => {
    const products = [
      p(1, true, 'in-stock', false), // not orderable: no deal, but in stock
      p(2, true),
      p(3, false, 'out-of-stock'),
      p(4, true, 'back-order-slow'),
      ...Array.from({ length: 12 }, (_, i) => p(10 + i, i < 3)),
    ];
    const { deals, popular } = homeShowcase(products);
    expect(deals.map((x) => x.id)).toEqual([2, 4, 10, 11]);
    expect(popular.map((x) => x.id)).toEqual([1, 12, 13, 14, 15, 16, 17, 18]);
  });

  it('shows fewer when the catalogue has fewer', () => {
    expect(homeShowcase([p(1, false, 'out-of-stock')])).toEqual({ deals: [], popular: [] });
  });
});
