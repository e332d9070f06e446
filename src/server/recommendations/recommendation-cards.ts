/** The cards of a recommendation answer: our own product rows for the chosen ids, in the provider's order. */
import type { LocaleCode } from '#lib/market/locales.ts';
import { cartProductInputWithImages } from '#lib/cart/product-input.ts';
import type { RecommendationCard } from '#lib/api/recommendation-contracts.ts';
import { listingProducts } from '#server/catalogue/listing-products.ts';
import { campaignPriorPrices } from '#lib/pricing/prior-price.ts';

export async function recommendationCards(locale: LocaleCode, ids: number[]): Promise<RecommendationCard[]> {
  // brands are not on a card: no brand map needed
  return (await listingProducts(locale, ids, new Map())).map((p) => ({
    ...cartProductInputWithImages(p),
    prior_prices: campaignPriorPrices(p.prices, p.prior),
  }));
}
