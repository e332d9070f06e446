/**
 * GET /api/public-config (docs/product/api.md#public-config): which optional services this storefront has now,
 * so the browser never calls one that is off (an answer by design 404 on every page view). Always 200.
 */
import { z } from 'zod';

export const publicConfigSchema = z.object({
  /** The retail personalisation service (POST /api/personalisation/visitor and /purchase). */
  personalisation: z.boolean(),
  /** The external recommendation provider (GET /api/recommendations?provider=external can answer from it). */
  external_recommendations: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Seconds a browser (and a CDN) may keep the answer: a service switched on or off is seen within this. */
export const PUBLIC_CONFIG_MAX_AGE_S = 300;
