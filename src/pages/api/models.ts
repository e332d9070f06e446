/** GET /api/models?query= (docs/product/api.md#models): appliance models matching a typed number or fragment. */
import type { APIRoute } from 'astro';
import { modelsQuerySchema } from '#lib/api/catalogue-contracts.ts';
import { endpoint, methodNotAllowed, json, requireStore, validate } from '#server/http/endpoint.ts';
import { searchModels } from '#server/search/model-search.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ url }) => {
  const { locale } = requireStore(url);
  const { query } = validate(modelsQuerySchema, { query: url.searchParams.get('query') ?? undefined });
  return json({ models: await searchModels(getDb(), locale, query) });
});

export const ALL = methodNotAllowed(['GET']);
