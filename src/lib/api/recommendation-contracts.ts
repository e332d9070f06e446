/**
 * GET /api/recommendations (docs/product/api.md#recommendations): the request's query and the answer's cards.
 * A card is exactly what the accessories block shows and its add-to-cart button carries (CartProductInput),
 * priced by the server for the storefront.
 */
import { z } from 'zod';
import { priceObjectSchema, thumbSchema, variationSchema } from './common.ts';
import { priorPriceSchema } from './catalogue-contracts.ts';

/** Cards at most per answer. */
export const RECOMMENDATIONS_MAX_LIMIT = 24;
/** Cards when `limit` is absent: as many as the accessories block shows. */
export const RECOMMENDATIONS_DEFAULT_LIMIT = 4;

export const recommendationsQuerySchema = z.object({
  /** The product whose recommendations are asked for. */
  sku: z.string().trim().min(1).max(64),
  /** The visitor's experiment choice; absent: internal. */
  provider: z.enum(['internal', 'external']).optional(),
  limit: z.coerce.number().int().min(1).max(RECOMMENDATIONS_MAX_LIMIT).optional(),
});
export type RecommendationsQuery = z.infer<typeof recommendationsQuerySchema>;

export const recommendationCardSchema = z.object({
  product_id: z.number(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  type: z.number(),
  thumb: thumbSchema.nullable(),
  prices: priceObjectSchema,
  /** Campaign tiers' prior prices, as in search results (docs/product/api.md#products). */
  prior_prices: z.array(priorPriceSchema),
  vat: z.number(),
  categories: z.array(z.number()),
  group_id: z.number().nullable(),
  discount_category: z.string().nullable(),
  stock_status: z.string(),
  estimated_at: z.string().nullable(),
  orderable: z.boolean(),
  variations: z.array(variationSchema),
});
export type RecommendationCard = z.infer<typeof recommendationCardSchema>;

export const recommendationsResponseSchema = z.object({ products: z.array(recommendationCardSchema) });
export type RecommendationsResponse = z.infer<typeof recommendationsResponseSchema>;
