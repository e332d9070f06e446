/** POST /api/sync-coupons (docs/product/api.md#sync-coupons): the coupons held, evaluated on the cart; cached 5 minutes unless ignoreCache. */
import type { APIRoute } from 'astro';
import { syncCouponsRequestSchema } from '#lib/api/coupon-contracts.ts';
import { endpoint, methodNotAllowed, json, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { syncCouponsCached } from '#server/cart/coupon-sync-cache.ts';
import { getDb } from '#server/db/connection.ts';
import { requestCartContext } from '#server/checkout/request-cart-context.ts';
import { MAX_CART_BODY_BYTES } from '#lib/api/common.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url }) => {
  const { locale } = requireStore(url);
  const body = validate(syncCouponsRequestSchema, await readJsonBody(request, MAX_CART_BODY_BYTES));
  const { coupons, cached } = await syncCouponsCached(
    getDb(),
    locale,
    body.coupons,
    body.cart_contents,
    !!body.ignoreCache,
    await requestCartContext(getDb(), request.headers),
  );
  return json(coupons, 200, { 'x-cache': cached ? 'HIT' : 'MISS' });
});

export const ALL = methodNotAllowed(['POST']);
