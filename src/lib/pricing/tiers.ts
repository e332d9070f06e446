/** Tier rules (docs/product/pricing-and-vat.md#unit-price-for-a-quantity): the price for a quantity is the highest tier whose q ≤ quantity. */
import type { CampaignTier, PriceObject, Tier } from '#lib/catalogue/types.ts';

/**
 * Sorted by q ascending; a tier whose price is not lower than the previous kept tier is dropped
 * (docs/product/pricing-and-vat.md#tier-normalisation).
 */
export function normalizeTiers<T extends Tier>(tiers: readonly T[]): T[] {
  const sorted = [...tiers].filter((t) => Number.isFinite(t.p) && t.q >= 1).sort((a, b) => a.q - b.q);
  const kept: T[] = [];
  for (const t of sorted) {
    const prev = kept[kept.length - 1];
    if (!prev || (t.q > prev.q && t.p < prev.p)) kept.push(t);
  }
  return kept;
}

/** The tier that applies to a quantity, or undefined when the quantity is below every tier. */
export function tierFor<T extends Tier>(tiers: readonly T[], quantity: number): T | undefined {
  let found: T | undefined;
  for (const t of normalizeTiers(tiers)) if (t.q <= quantity) found = t;
  return found;
}

/** The tiers a shopper pays: campaign tiers when present, else the normal ones. */
export function activeTiers(prices: PriceObject): Tier[] | CampaignTier[] {
  return prices.c && prices.c.length > 0 ? prices.c : prices.n;
}

/** Unit price (incl. VAT) for a quantity; quantities below the first tier pay the first tier. */
export function unitPrice(prices: PriceObject, quantity: number): number {
  const tiers = normalizeTiers(activeTiers(prices) as Tier[]);
  if (tiers.length === 0) return 0;
  return (tierFor(tiers, quantity) ?? tiers[0]).p;
}

/** Ordinary (non-campaign) unit price for a quantity: what a campaign price is compared to. */
export function ordinaryUnitPrice(prices: PriceObject, quantity: number): number {
  const tiers = normalizeTiers(prices.n);
  if (tiers.length === 0) return 0;
  return (tierFor(tiers, quantity) ?? tiers[0]).p;
}
