/**
 * Pure rules of the accessories block's request-time recommendations (docs/product/accessories.md#in-the-browser):
 * whether the browser asks at all, and what a card's price shows (the Price.astro data-* contract).
 */
import type { PriceObject } from './types.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { announcedReduction, priorPricesFromList } from '#lib/pricing/prior-price.ts';
import type { PriceData } from '#lib/pricing/client-price-display.ts';

/** The static list is the internal ranking's: only a visitor whose provider is `external` needs another one. */
export const BUILT_WITH = 'internal';
export const wantsSwap = (recommendationProvider: string): boolean => recommendationProvider === 'external';

/**
 * A card's price as the static block renders it: the unit price for one, struck through the prior price of an
 * announced reduction only (docs/adr/0022-prior-price.md).
 */
export function cardPrice(p: {
  prices: PriceObject;
  vat: number;
  discount_category: string | null;
  prior_prices?: readonly { q: number; minor: number; reduced_at: string }[];
}): PriceData {
  const amount = unitPrice(p.prices, 1);
  const ordinary = announcedReduction(p.prices, priorPricesFromList(p.prior_prices ?? []), 1)?.prior;
  return {
    amount,
    vat: p.vat,
    ...(ordinary !== undefined ? { ordinary } : {}),
    ...(p.discount_category ? { discountCategory: p.discount_category } : {}),
  };
}
