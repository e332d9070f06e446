/** POST /api/checkout (docs/product/api.md#checkout): open a checkout for the cart, or update the named open one. */
import type { APIRoute } from 'astro';
import { openCheckoutRequestSchema } from '#lib/api/checkout-contracts.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { requestCartContext } from '#server/checkout/request-cart-context.ts';
import { openCheckout } from '#server/checkout/checkout-service.ts';
import { recordCheckoutVisitor } from '#server/experiments/experiment-events.ts';
import { MAX_CART_BODY_BYTES } from '#lib/api/common.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url }) => {
  const { locale } = requireStore(url);
  const body = validate(openCheckoutRequestSchema, await readJsonBody(request, MAX_CART_BODY_BYTES));
  const view = await openCheckout(getDb(), locale, body, await requestCartContext(getDb(), request.headers));
  await recordCheckoutVisitor(getDb(), request.headers, view.id, body.experiment_visitor);
  return json(view);
});

export const ALL = methodNotAllowed(['POST']);
