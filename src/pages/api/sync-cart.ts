/** POST /api/sync-cart (docs/product/api.md#sync-cart): the server re-prices the cart; x-be-internal: 1 for internal carts. */
import type { APIRoute } from 'astro';
import { syncCartRequestSchema } from '#lib/api/cart-contracts.ts';
import { endpoint, methodNotAllowed, json, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { isInternalRequest } from '#server/cart/internal-cart.ts';
import { syncCartService } from '#server/cart/cart-service.ts';
import { getDb } from '#server/db/connection.ts';
import { requestCartContext } from '#server/checkout/request-cart-context.ts';
import { MAX_CART_BODY_BYTES } from '#lib/api/common.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url }) => {
  const { locale } = requireStore(url);
  const body = validate(syncCartRequestSchema, await readJsonBody(request, MAX_CART_BODY_BYTES));
  const cart = await syncCartService(getDb(), locale, body.items, body.coupons ?? [], await requestCartContext(getDb(), request.headers));
  return json(cart.items, 200, isInternalRequest(request.headers) ? { 'x-be-internal': '1' } : {});
});

export const ALL = methodNotAllowed(['POST']);
