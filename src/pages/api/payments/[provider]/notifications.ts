/**
 * POST /api/payments/{adyen|klarna}/notifications (docs/product/api.md#payment-notifications): called by the
 * provider, never the browser. The raw body (bounded) goes to the adapter's verification; unverified → 401.
 */
import type { APIRoute } from 'astro';
import { notificationProviderSchema } from '#lib/api/checkout-contracts.ts';
import { ApiFailure, endpoint, json, methodNotAllowed, readTextBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { receiveNotifications } from '#server/checkout/payment-notifications.ts';
import { ADYEN_NOTIFICATION_ACK } from '#server/payments/adyen/adyen-provider.ts';
import { ProviderUnavailable } from '#server/payments/payment-provider.ts';
import { providerById } from '#server/payments/provider-registry.ts';

export const prerender = false;

/** Adyen batches hold a handful of items; Klarna's callback is one session. */
const MAX_NOTIFICATION_BYTES = 256 * 1024;

export const POST: APIRoute = endpoint(async ({ request, url, params }) => {
  requireStore(url); // the configured URL carries the pair; the work happens in the checkout's own storefront
  const id = validate(notificationProviderSchema, params.provider);
  const provider = providerById(id);
  if (!provider) throw new ApiFailure(404, 'not_found', `${id} is not configured`);
  const raw = await readTextBody(request, MAX_NOTIFICATION_BYTES);
  let fresh: number | null;
  try {
    fresh = await receiveNotifications(getDb(), provider, request.headers, raw);
  } catch (err) {
    // Klarna is verified by reading back from its API: when that fails, ask for a retry.
    if (err instanceof ProviderUnavailable) throw new ApiFailure(503, 'provider_unavailable', 'the provider could not be asked; retry');
    throw err;
  }
  if (fresh === null) throw new ApiFailure(401, 'unauthorized', 'notification not verified');
  if (id === 'adyen')
    return new Response(ADYEN_NOTIFICATION_ACK, {
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  return json({ accepted: true, new: fresh });
});

export const ALL = methodNotAllowed(['POST']);
