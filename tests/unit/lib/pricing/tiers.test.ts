import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeTiers, ordinaryUnitPrice, tierFor, unitPrice } from '#lib/pricing/tiers.ts';
import { tiersArb } from '#tests/unit/fixtures/arbitraries.ts';

describe('price tiers', () => {
  it('drops tiers that are not lower than the previous one', () => {
    expect(
      normalizeTiers([
        { q: 1, p: 100 },
        { q: 5, p: 100 },
        { q: 10, p: 90 },
        { q: 20, p: 95 },
      ]),
    ).toEqual([
      { q: 1, p: 100 },
      { q: 10, p: 90 },
    ]);
  });
  it('sorts tiers by quantity first', () => {
    expect(
      normalizeTiers([
        { q: 10, p: 80 },
        { q: 1, p: 100 },
      ]),
    ).toEqual([
      { q: 1, p: 100 },
      { q: 10, p: 80 },
    ]);
  });
  it('uses the highest tier whose q is at most the quantity', () => {
    const tiers = [
      { q: 1, p: 100 },
      { q: 5, p: 90 },
      { q: 10, p: 80 },
    ];
    expect(tierFor(tiers, 1)?.p).toBe(100);
    expect(tierFor(tiers, 4)?.p).toBe(100);
    expect(tierFor(tiers, 5)?.p).toBe(90);
    expect(tierFor(tiers, 5000)?.p).toBe(80);
    expect(tierFor(tiers, 0)).toBeUndefined();
  });
  it('campaign tiers win over normal tiers', () => {
    const prices = {
      n: [
        { q: 1, p: 100 },
        { q: 5, p: 90 },
      ],
      c: [
        { q: 1, p: 80, o: 100, d: 20 },
        { q: 5, p: 72, o: 90, d: 20 },
      ],
    };
    expect(unitPrice(prices, 1)).toBe(80);
    expect(unitPrice(prices, 6)).toBe(72);
    expect(ordinaryUnitPrice(prices, 6)).toBe(90);
    expect(unitPrice({ n: [] }, 1)).toBe(0);
  });
});

// Property-based invariants (fast-check).

describe('tier rules', () => {
  it('normalized tiers strictly increase in q and strictly decrease in p', () => {
    fc.assert(
      fc.property(tiersArb, (tiers) => {
        const n = normalizeTiers(tiers);
        for (let i = 1; i < n.length; i++) {
          expect(n[i].q).toBeGreaterThan(n[i - 1].q);
          expect(n[i].p).toBeLessThan(n[i - 1].p);
        }
      }),
    );
  });

  it('the tier for a quantity is the highest q ≤ quantity, so the unit price never rises with quantity', () => {
    fc.assert(
      fc.property(tiersArb, fc.integer({ min: 1, max: 5000 }), (tiers, q) => {
        const t = tierFor(tiers, q);
        const n = normalizeTiers(tiers);
        if (t) {
          expect(t.q).toBeLessThanOrEqual(q);
          expect(n.every((x) => x.q > q || x.q <= t.q)).toBe(true);
        }
        expect(unitPrice({ n: tiers }, q + 1)).toBeLessThanOrEqual(unitPrice({ n: tiers }, q));
      }),
    );
  });
});
