/** GET /api/current-deal (docs/product/api.md#current-deal): the running deal, or 204 when none runs now. */
import type { APIRoute } from 'astro';
import { endpoint, methodNotAllowed, json, requireStore } from '#server/http/endpoint.ts';
import { currentDeal } from '#server/content/content-service.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ url }) => {
  const { locale } = requireStore(url);
  const deal = await currentDeal(getDb(), locale);
  return deal ? json(deal) : new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});

export const ALL = methodNotAllowed(['GET']);
