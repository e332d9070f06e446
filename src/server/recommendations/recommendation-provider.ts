/**
 * Recommendation providers behind one interface (docs/product/accessories.md#recommendation-providers):
 * `internal` (the shop's own ranking, the one the static product pages are built with) and `external`
 * (Depict). A provider only picks WHICH products and in what order; the answer's cards are built from our own
 * database (names, prices, stock), so both answer the same shape — like the search providers
 * (src/server/search/providers/).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

export const RECOMMENDATION_PROVIDERS = ['internal', 'external'] as const;
export type RecommendationProviderName = (typeof RECOMMENDATION_PROVIDERS)[number];

/** The product asked about, as the endpoint found it in the storefront. */
export interface RecommendationSubject {
  id: number;
  sku: string;
}

export interface RecommendationRequest {
  locale: LocaleCode;
  subject: RecommendationSubject;
  limit: number;
}

export interface RecommendationProvider {
  readonly name: RecommendationProviderName;
  /** Product ids, best first, each one the storefront sells and can put in the cart. Rejects when it cannot answer. */
  recommend(db: Db, req: RecommendationRequest): Promise<number[]>;
}

/** Rejection that is no failure: the external provider has nothing for this request, the internal one answers. */
export class NotForExternal extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NotForExternal';
  }
}
