/** POST /api/checkout/{id}/place (docs/product/api.md#checkout): terms accepted → where the browser goes next. */
import type { APIRoute } from 'astro';
import { placeOrderRequestSchema } from '#lib/api/checkout-contracts.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { customerContext } from '#server/checkout/customer-context.ts';
import { checkoutIdParam } from '#server/checkout/checkout-id-param.ts';
import { placeOrder } from '#server/checkout/place-order.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url, params }) => {
  const { locale } = requireStore(url);
  validate(placeOrderRequestSchema, await readJsonBody(request, 1024));
  const urls = {
    confirmation: (id: string) => pathFor('checkout-confirmation-id', locale, { id }),
    failed: (id: string, reason: string) => `${pathFor('checkout-failed-id', locale, { id })}?reason=${encodeURIComponent(reason)}`,
  };
  return json(await placeOrder(getDb(), locale, checkoutIdParam(params.id), urls, await customerContext(getDb(), request.headers)));
});

export const ALL = methodNotAllowed(['POST']);
