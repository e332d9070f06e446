import { describe, expect, it } from 'vitest';
import { normalizeTiers, ordinaryUnitPrice, tierFor, unitPrice } from '#lib/pricing/tiers.ts';

describe('price tiers (SPEC §4, §5)', () => {
  it('drops tiers that are not lower than the previous one', () => {
    expect(normalizeTiers([{ q: 1, p: 100 }, { q: 5, p: 100 }, { q: 10, p: 90 }, { q: 20, p: 95 }])).toEqual([{ q: 1, p: 100 }, { q: 10, p: 90 }]);
  });
  it('sorts tiers by quantity first', () => {
    expect(normalizeTiers([{ q: 10, p: 80 }, { q: 1, p: 100 }])).toEqual([{ q: 1, p: 100 }, { q: 10, p: 80 }]);
  });
  it('uses the highest tier whose q is at most the quantity', () => {
    const tiers = [{ q: 1, p: 100 }, { q: 5, p: 90 }, { q: 10, p: 80 }];
    expect(tierFor(tiers, 1)?.p).toBe(100);
    expect(tierFor(tiers, 4)?.p).toBe(100);
    expect(tierFor(tiers, 5)?.p).toBe(90);
    expect(tierFor(tiers, 5000)?.p).toBe(80);
    expect(tierFor(tiers, 0)).toBeUndefined();
  });
  it('campaign tiers win over normal tiers', () => {
    const prices = { n: [{ q: 1, p: 100 }, { q: 5, p: 90 }], c: [{ q: 1, p: 80, o: 100, d: 20 }, { q: 5, p: 72, o: 90, d: 20 }] };
    expect(unitPrice(prices, 1)).toBe(80);
    expect(unitPrice(prices, 6)).toBe(72);
    expect(ordinaryUnitPrice(prices, 6)).toBe(90);
    expect(unitPrice({ n: [] }, 1)).toBe(0);
  });
});
