/**
 * Recommendation ranking (docs/product/accessories.md#recommendations), pure: the shop owner's accessories
 * first, in their order, then the catalogue's own evidence — bought together in orders, the same appliance
 * (the category one level above the part type), the same brand on that appliance, the same part category.
 */

/** What the ranking knows about a product. */
export interface RecommendationFacts {
  id: number;
  brandId: number | null;
  /** The appliance the part fits: the parent of its main category (the main category itself at the top). */
  applianceId: number | null;
  /** Its main category (the part type). */
  categoryId: number | null;
  /** Can be put in the cart now (orderable, no variation to choose). */
  buyable: boolean;
  inStock: boolean;
}

/** Weights: one order holding both products outweighs every catalogue similarity. */
export const WEIGHTS = { boughtTogether: 8, sameAppliance: 4, sameBrandOnAppliance: 2, sameCategory: 1 } as const;

export function similarity(subject: RecommendationFacts, other: RecommendationFacts, boughtTogether = 0): number {
  const sameAppliance = subject.applianceId !== null && subject.applianceId === other.applianceId;
  return (
    WEIGHTS.boughtTogether * boughtTogether +
    (sameAppliance ? WEIGHTS.sameAppliance : 0) +
    (sameAppliance && subject.brandId !== null && subject.brandId === other.brandId ? WEIGHTS.sameBrandOnAppliance : 0) +
    (subject.categoryId !== null && subject.categoryId === other.categoryId ? WEIGHTS.sameCategory : 0)
  );
}

/**
 * Up to `limit` product ids for the subject: stored accessories (buyable ones, in their order), then the
 * candidates with any evidence (score > 0), best first; ties: in stock first, then lower id (stable).
 * The subject itself and duplicates never appear.
 */
export function recommend(
  subject: RecommendationFacts,
  stored: readonly RecommendationFacts[],
  candidates: readonly RecommendationFacts[],
  boughtTogether: ReadonlyMap<number, number>,
  limit: number,
): number[] {
  const out: number[] = [];
  const taken = new Set<number>([subject.id]);
  for (const s of stored) {
    if (out.length >= limit) return out;
    if (!s.buyable || taken.has(s.id)) continue;
    taken.add(s.id);
    out.push(s.id);
  }
  const scored = candidates
    .filter((c) => c.buyable && !taken.has(c.id))
    .map((c) => ({ c, score: similarity(subject, c, boughtTogether.get(c.id) ?? 0) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || Number(b.c.inStock) - Number(a.c.inStock) || a.c.id - b.c.id);
  for (const { c } of scored) {
    if (out.length >= limit) break;
    if (taken.has(c.id)) continue;
    taken.add(c.id);
    out.push(c.id);
  }
  return out;
}

/**
 * "Bought together" counts from order lines: for every order, each pair of distinct products in it counts once.
 * Orders with more than `maxLines` distinct products (bulk orders say little about fit) are skipped.
 */
export function boughtTogetherCounts(orders: readonly (readonly number[])[], maxLines = 30): Map<number, Map<number, number>> {
  const out = new Map<number, Map<number, number>>();
  for (const order of orders) {
    const ids = [...new Set(order)];
    if (ids.length < 2 || ids.length > maxLines) continue;
    for (const a of ids)
      for (const b of ids) {
        if (a === b) continue;
        const m = out.get(a) ?? new Map<number, number>();
        m.set(b, (m.get(b) ?? 0) + 1);
        out.set(a, m);
      }
  }
  return out;
}
