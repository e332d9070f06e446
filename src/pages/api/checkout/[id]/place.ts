/** POST /api/checkout/{id}/place (docs/product/api.md#checkout): terms accepted → where the browser goes next. */
import type { APIRoute } from 'astro';
import { placeOrderRequestSchema } from '#lib/api/checkout-contracts.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { requestCartContext } from '#server/checkout/request-cart-context.ts';
import { checkoutIdParam } from '#server/checkout/checkout-id-param.ts';
import { checkoutPageUrls } from '#server/checkout/checkout-page-urls.ts';
import { placeOrder } from '#server/checkout/place-order.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url, params }) => {
  const { locale } = requireStore(url);
  validate(placeOrderRequestSchema, await readJsonBody(request, 1024));
  const ctx = await requestCartContext(getDb(), request.headers);
  return json(await placeOrder(getDb(), locale, checkoutIdParam(params.id), checkoutPageUrls(locale), ctx));
});

export const ALL = methodNotAllowed(['POST']);
