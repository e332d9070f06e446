/** GET /api/strings (docs/product/api.md#strings): the storefront's translation strings with the database overrides. */
import type { APIRoute } from 'astro';
import { endpoint, methodNotAllowed, json, requireStore } from '#server/http/endpoint.ts';
import { stringsFor } from '#server/content/content-service.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ url }) => {
  const { locale } = requireStore(url);
  return json(await stringsFor(getDb(), locale));
});

export const ALL = methodNotAllowed(['GET']);
