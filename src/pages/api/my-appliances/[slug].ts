/**
 * DELETE /api/my-appliances/{slug} (docs/product/api.md#my-appliances): removes one of the logged-in customer's
 * saved models → { models }. Not among theirs: 404; not a model slug: 400.
 */
import type { APIRoute } from 'astro';
import { modelSlugSchema } from '#lib/api/my-appliances-contracts.ts';
import { endpoint, json, methodNotAllowed, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { removeModel, requireCustomerId, savedModelsOf } from '#server/account/customer-models.ts';

export const prerender = false;

export const DELETE: APIRoute = endpoint(async ({ request, url, cookies, params }) => {
  const { locale } = requireStore(url);
  const db = getDb();
  const customerId = await requireCustomerId(db, request, cookies);
  const slug = validate(modelSlugSchema, params.slug);
  await removeModel(db, customerId, slug);
  return json({ models: await savedModelsOf(db, customerId, locale) });
});

export const ALL = methodNotAllowed(['DELETE']);
