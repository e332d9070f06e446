/** GET / POST /api/checkout/{id} (docs/product/api.md#checkout): the checkout priced by the server, or a change to it. */
import type { APIRoute } from 'astro';
import { updateCheckoutRequestSchema } from '#lib/api/checkout-contracts.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { requestCartContext } from '#server/checkout/request-cart-context.ts';
import { checkoutIdParam } from '#server/checkout/checkout-id-param.ts';
import { requireCheckout, updateCheckout, viewOf } from '#server/checkout/checkout-service.ts';
import { MAX_CART_BODY_BYTES } from '#lib/api/common.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ request, url, params }) => {
  const { locale } = requireStore(url);
  const c = await requireCheckout(getDb(), locale, checkoutIdParam(params.id));
  return json(await viewOf(getDb(), c, await requestCartContext(getDb(), request.headers)));
});

export const POST: APIRoute = endpoint(async ({ request, url, params }) => {
  const { locale } = requireStore(url);
  const body = validate(updateCheckoutRequestSchema, await readJsonBody(request, MAX_CART_BODY_BYTES));
  return json(await updateCheckout(getDb(), locale, checkoutIdParam(params.id), body, await requestCartContext(getDb(), request.headers)));
});

export const ALL = methodNotAllowed(['GET', 'POST']);
