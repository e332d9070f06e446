/** Social proof and personalisation tracking endpoints (docs/product/api.md#product-activity, #personalisation-tracking). */
import { z } from 'zod';

const sku = z.string().trim().min(1).max(64);

/** POST /api/product-views: one product page view; no visitor data is sent or stored. 204. */
export const productViewRequestSchema = z.strictObject({ sku });
export type ProductViewRequest = z.input<typeof productViewRequestSchema>;

/** GET /api/product-activity?sku=: views in the last 24 hours and units bought today. */
export const productActivityQuerySchema = z.object({ sku });
export const productActivitySchema = z.object({
  sku: z.string(),
  viewed_recently: z.number().int().nonnegative(),
  bought_today: z.number().int().nonnegative(),
  window_hours: z.number().int().positive(),
});
export type ProductActivityAnswer = z.infer<typeof productActivitySchema>;

/** POST /api/personalisation/visitor: the service's visitor id for this storefront's website (SPEC call: websiteUUid → id). */
export const personalisationVisitorSchema = z.object({ id: z.string().min(1).max(128) });
export type PersonalisationVisitor = z.infer<typeof personalisationVisitorSchema>;

/** POST /api/personalisation/purchase: the order of this checkout, reported for the visitor id. 204. */
export const personalisationPurchaseRequestSchema = z.strictObject({
  checkout_id: z.string().min(1).max(64),
  visitor_id: z.string().min(1).max(128),
});
export type PersonalisationPurchaseRequest = z.input<typeof personalisationPurchaseRequestSchema>;
