/** The "My appliances" endpoints (docs/product/api.md#my-appliances, docs/product/parts-finder.md#my-appliances). */
import { z } from 'zod';
import { isModelSlug, MAX_SAVED_MODELS } from '#lib/account/saved-models.ts';

export const modelSlugSchema = z.string().refine(isModelSlug, 'not a model slug');

/** A saved model in the storefront's language; `url` is the model page's path there. */
export const savedModelViewSchema = z.object({
  slug: z.string(),
  number: z.string(),
  brand: z.string(),
  type: z.string(),
  url: z.string(),
  /** ISO 8601: when it was saved. */
  saved_at: z.string(),
});
export type SavedModelView = z.infer<typeof savedModelViewSchema>;

/** GET /api/my-appliances, and the answer of PUT and DELETE: the customer's list, newest first. */
export const savedModelListSchema = z.object({ models: z.array(savedModelViewSchema) });
export type SavedModelList = z.infer<typeof savedModelListSchema>;

/**
 * PUT /api/my-appliances: saves one model or merges the browser's list on login. A `saved_at` in the future
 * counts as now. Unknown slugs are skipped (a model gone from the catalogue); all unknown is a 404.
 */
export const saveModelsRequestSchema = z.object({
  models: z
    .array(z.object({ slug: modelSlugSchema, saved_at: z.iso.datetime({ offset: true }).optional() }).strict())
    .min(1)
    .max(MAX_SAVED_MODELS),
});
export type SaveModelsRequest = z.infer<typeof saveModelsRequestSchema>;
