import { describe, expect, it } from 'vitest';
import { boughtTogetherCounts, recommend, similarity, type RecommendationFacts } from '#lib/catalogue/recommendations.ts';

const facts = (id: number, over: Partial<RecommendationFacts> = {}): RecommendationFacts => ({
  id,
  brandId: 1,
  applianceId: 10,
  categoryId: 100,
  buyable: true,
  inStock: true,
  ...over,
});
const subject = facts(1);

describe('recommendation ranking', () => {
  it('scores bought together above every catalogue similarity', () => {
    const sameApplianceBrandCategory = similarity(subject, facts(2));
    const boughtOnce = similarity(subject, facts(3, { brandId: 9, applianceId: 99, categoryId: 999 }), 1);
    expect(boughtOnce).toBeGreaterThan(sameApplianceBrandCategory);
  });

  it('ranks same appliance + brand over same appliance over same category', () => {
    const ids = recommend(
      subject,
      [],
      [
        facts(5, { applianceId: 77 }), // same category only
        facts(4, { brandId: 2, categoryId: 101 }), // same appliance
        facts(3, { categoryId: 101 }), // same appliance and brand
        facts(6, { applianceId: 77, categoryId: 700, brandId: 1 }), // brand alone is no evidence
      ],
      new Map(),
      10,
    );
    expect(ids).toEqual([3, 4, 5]);
  });

  it('puts stored accessories first in their order, then fills up to the limit without duplicates', () => {
    const ids = recommend(
      subject,
      [facts(9, { applianceId: 1 }), facts(8)],
      [facts(8), facts(7), facts(6), facts(1)],
      new Map([[6, 2]]),
      3,
    );
    expect(ids).toEqual([9, 8, 6]);
  });

  it('skips products that cannot go in the cart and the product itself; ties go in stock first, then by id', () => {
    const ids = recommend(
      subject,
      [facts(2, { buyable: false })],
      [facts(5, { inStock: false }), facts(4), facts(3, { buyable: false }), facts(1)],
      new Map(),
      4,
    );
    expect(ids).toEqual([4, 5]);
  });
});

describe('bought together from order lines', () => {
  it('counts each pair once per order, both ways, and skips single-line and bulk orders', () => {
    const counts = boughtTogetherCounts([[1, 2, 2], [1, 2, 3], [4], [1, 5, 6, 7]], 3);
    expect(counts.get(1)?.get(2)).toBe(2);
    expect(counts.get(2)?.get(1)).toBe(2);
    expect(counts.get(3)?.get(2)).toBe(1);
    expect(counts.get(1)?.has(5)).toBe(false);
    expect(counts.has(4)).toBe(false);
  });
});
