/**
 * Pure rules of the accessories block's request-time recommendations (docs/product/accessories.md#in-the-browser):
 * whether the browser asks at all, and what a card's price shows (the Price.astro data-* contract).
 */
import type { PriceObject } from './types.ts';
import { ordinaryUnitPrice, unitPrice } from '#lib/pricing/tiers.ts';
import type { PriceData } from '#lib/pricing/client-price-display.ts';

/** The static list is the internal ranking's: only a visitor whose provider is `external` needs another one. */
export const BUILT_WITH = 'internal';
export const wantsSwap = (recommendationProvider: string): boolean => recommendationProvider === 'external';

/** A card's price as the static block renders it: the unit price for one, the ordinary one only when higher. */
export function cardPrice(p: { prices: PriceObject; vat: number; discount_category: string | null }): PriceData {
  const amount = unitPrice(p.prices, 1);
  const ordinary = ordinaryUnitPrice(p.prices, 1);
  return {
    amount,
    vat: p.vat,
    ...(ordinary > amount ? { ordinary } : {}),
    ...(p.discount_category ? { discountCategory: p.discount_category } : {}),
  };
}
