/**
 * POST /api/personalisation/purchase (docs/product/api.md#personalisation-tracking): reports the order of a
 * checkout to the retail personalisation service for the visitor id. The checkout id is the key (as on the
 * confirmation page): another order is not reachable by changing a number. 204; 404 unknown checkout or no
 * service; 503 provider_unavailable — which the browser reports to /captuerr.
 */
import type { APIRoute } from 'astro';
import { personalisationPurchaseRequestSchema } from '#lib/api/tracking-contracts.ts';
import { InvalidRequestError, NotFoundError } from '#lib/errors/domain-errors.ts';
import { endpoint, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { personalisationConfig } from '#server/tracking/personalisation-config.ts';
import { reportPurchase } from '#server/tracking/personalisation-service.ts';
import { isCheckoutIdShape } from '#lib/checkout/failure-reasons.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url }) => {
  const { locale } = requireStore(url);
  const body = validate(personalisationPurchaseRequestSchema, await readJsonBody(request, 1024));
  if (!isCheckoutIdShape(body.checkout_id)) throw new InvalidRequestError('checkout_id: not a checkout id', 'checkout_id');
  const config = personalisationConfig(locale);
  if (!config) throw new NotFoundError('no personalisation service is configured for this storefront');
  const done = await reportPurchase(getDb(), config, locale, body.checkout_id, body.visitor_id);
  if (!done) throw new NotFoundError('no order for this checkout', 'checkout_id');
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});

export const ALL = methodNotAllowed(['POST']);
