/** POST /api/sync-cart (SPEC §7): the server re-prices the cart; x-be-internal: 1 for internal carts. */
import type { APIRoute } from 'astro';
import { syncCartRequestSchema } from '../../lib/api/contracts.ts';
import { endpoint, json, readJsonBody, requireStore, validate } from '../../server/api/http.ts';
import { isInternalRequest } from '../../server/api/internal-cart.ts';
import { syncCartService } from '../../server/commerce/cart-service.ts';
import { getDb } from '../../server/db/connection.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url }) => {
  const { locale } = requireStore(url);
  const body = validate(syncCartRequestSchema, await readJsonBody(request));
  const cart = await syncCartService(getDb(), locale, body.items, body.coupons ?? []);
  return json(cart.items, 200, isInternalRequest(request.headers) ? { 'x-be-internal': '1' } : {});
});
