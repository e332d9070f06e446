/** GET /api/search-suggestions?query= (docs/product/api.md#search-suggestions): completions and did-you-mean. */
import type { APIRoute } from 'astro';
import { searchSuggestionsQuerySchema } from '#lib/api/catalogue-contracts.ts';
import { endpoint, methodNotAllowed, json, requireStore, validate } from '#server/http/endpoint.ts';
import { searchSuggestions } from '#server/search/search-suggestions.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ url }) => {
  const { locale } = requireStore(url);
  const { query } = validate(searchSuggestionsQuerySchema, { query: url.searchParams.get('query') ?? undefined });
  return json(await searchSuggestions(getDb(), locale, query));
});

export const ALL = methodNotAllowed(['GET']);
