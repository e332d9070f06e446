/**
 * Which candidates the recommendation ranking (recommendations.ts) must see so that its answer over them is
 * the answer over the whole catalogue (docs/product/accessories.md#recommendations), pure. Every catalogue
 * similarity is worth less than one order bought together (WEIGHTS), so for a list of `limit`:
 * - of the products bought together, only the `limit` best counts matter, and every product tied with the
 *   last of them (their catalogue similarity may still reorder them);
 * - of the rest, the `limit` best by catalogue similarity, then in stock, then lower id — the ranking's own
 *   order. A stored accessory among them takes a place in the list too, so `limit` is always enough.
 * Both only among products that can be listed (the caller filters before), or an unlistable one would take a
 * place that a listable one needed.
 */

/** The bought-together partners worth ranking: the `limit` highest counts and every partner tied with the last. */
export function partnersToRank(boughtTogether: ReadonlyMap<number, number>, limit: number): Map<number, number> {
  const sorted = [...boughtTogether].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  if (sorted.length <= limit) return new Map(sorted);
  const floor = sorted[Math.max(0, limit - 1)][1];
  return new Map(sorted.filter(([, count]) => count >= floor));
}
