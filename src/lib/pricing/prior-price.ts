/**
 * The prior price of a reduction (Price Indication Directive 98/6/EC art. 6a; docs/adr/0022-prior-price.md): the
 * lowest price of the 30 days before the reduction started. Pure: the server hands over one tier's recorded
 * price history (docs/product/legal.md#prior-price-of-a-reduction-price-indication-directive-986ec-art-6a).
 */
import type { PriceObject } from '#lib/catalogue/types.ts';
import { toMinorUnits, type Minor } from './minor-units.ts';
import { normalizeTiers, tierFor } from './tiers.ts';

export const PRIOR_PRICE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One recorded price: the unit price incl. VAT (minor units) of one tier, in effect from `at` (ISO time) on. */
export interface PricePoint {
  at: string;
  minor: Minor;
}

export interface PriorPrice {
  /** Lowest price in the window before the reduction, minor units incl. VAT. */
  minor: Minor;
  /** When the (first step of the) reduction took effect. */
  reducedAt: string;
}

/** Prior price per tier start quantity of one product in one storefront; a tier without one announces no reduction. */
export type PriorPrices = Record<number, PriorPrice>;

/** Points up to `now`, oldest first, with repeats of the same price folded into the earliest. */
function effectiveSteps(points: readonly PricePoint[], now: Date): PricePoint[] {
  const sorted = points.filter((p) => Date.parse(p.at) <= now.getTime()).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const steps: PricePoint[] = [];
  for (const p of sorted) if (steps.length === 0 || steps[steps.length - 1]!.minor !== p.minor) steps.push(p);
  return steps;
}

/**
 * The prior price of the current price, or null when no reduction may be announced: no history before the
 * current price, the last change was a rise, or the current price is not below the lowest price of the window.
 * Successive reductions without a rise in between are one progressive reduction (art. 6a(5)): the window is the
 * 30 days before its first step. A product sold for less than 30 days before the reduction: the window is
 * the time it was sold.
 */
export function priorPrice(points: readonly PricePoint[], now: Date): PriorPrice | null {
  const steps = effectiveSteps(points, now);
  const k = steps.length - 1;
  if (k < 1) return null;
  let first = k; // index of the reduction's first step
  while (first > 0 && steps[first - 1]!.minor > steps[first]!.minor) first--;
  if (first === k && steps[k - 1]!.minor < steps[k]!.minor) return null;
  first = Math.min(first + 1, k);
  const reducedAt = Date.parse(steps[first]!.at);
  const windowStart = reducedAt - PRIOR_PRICE_DAYS * DAY_MS;
  let lowest = Infinity;
  for (let i = 0; i < first; i++) {
    const until = Date.parse(steps[i + 1]!.at); // in effect until the next step
    if (until > windowStart) lowest = Math.min(lowest, steps[i]!.minor);
  }
  const current = steps[k]!.minor;
  if (!Number.isFinite(lowest) || lowest <= current) return null;
  return { minor: lowest, reducedAt: steps[first]!.at };
}

/** Whole percent off the prior price, as announced next to it (the reduction is measured from the prior price). */
export function percentOffPrior(current: Minor, prior: Minor): number {
  return prior > 0 ? Math.round((1 - current / prior) * 100) : 0;
}

/** What a price shows when it is announced as reduced: the prior price struck through and the percent off it. */
export interface AnnouncedReduction {
  /** The prior price incl. VAT in the price object's units (crowns, euros), as prices are stored. */
  prior: number;
  percent: number;
}

/**
 * The reduction a campaign price for `quantity` announces, or null: no campaign, or no prior price for its tier
 * (without one no reduction may be announced: no strike, no percent; docs/adr/0022-prior-price.md).
 */
export function announcedReduction(prices: PriceObject, prior: PriorPrices, quantity = 1): AnnouncedReduction | null {
  const campaign = normalizeTiers(prices.c ?? []);
  if (campaign.length === 0) return null;
  const tier = tierFor(campaign, quantity) ?? campaign[0]!;
  return tierReduction(tier.q, tier.p, prior);
}

/** The reduction of one tier's price `p` (from quantity `q`), or null without a prior price above it. */
export function tierReduction(q: number, p: number, prior: PriorPrices): AnnouncedReduction | null {
  const before = prior[q];
  if (!before) return null;
  const current = toMinorUnits(p);
  if (before.minor <= current) return null;
  return { prior: before.minor / 100, percent: percentOffPrior(current, before.minor) };
}

/** The prior prices of a product's campaign tiers, as the API answers them (docs/product/api.md#products). */
export function campaignPriorPrices(prices: PriceObject, prior: PriorPrices): { q: number; minor: Minor; reduced_at: string }[] {
  return normalizeTiers(prices.c ?? []).flatMap((t) =>
    tierReduction(t.q, t.p, prior) ? [{ q: t.q, minor: prior[t.q]!.minor, reduced_at: prior[t.q]!.reducedAt }] : [],
  );
}

/** The prior prices of an API answer's `prior_prices` back in the shape the rules take. */
export function priorPricesFromList(list: readonly { q: number; minor: Minor; reduced_at: string }[]): PriorPrices {
  return Object.fromEntries(list.map((x) => [x.q, { minor: x.minor, reducedAt: x.reduced_at }]));
}
