/** GET /api/search-triggers?query= (docs/product/api.md#search-triggers): hints that send a query to a page. */
import type { APIRoute } from 'astro';
import { searchTriggersQuerySchema } from '#lib/api/catalogue-contracts.ts';
import { endpoint, methodNotAllowed, json, requireStore, validate } from '#server/http/endpoint.ts';
import { searchTriggers } from '#server/content/content-service.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ url }) => {
  const { locale } = requireStore(url);
  const { query } = validate(searchTriggersQuerySchema, { query: url.searchParams.get('query') ?? undefined });
  return json(await searchTriggers(getDb(), locale, query));
});

export const ALL = methodNotAllowed(['GET']);
