/**
 * POST /api/payments/{adyen|klarna|walley|two}/notifications (docs/product/api.md#checkout): called by the
 * provider, never the browser. The raw body (bounded) goes to the adapter's verification; unverified → 401.
 * Walley's callback is unsigned and carries only `privateId` in the URL (a GET in real Walley, so GET is
 * taken for it too): its query goes to the adapter, which reads the checkout back.
 */
import type { APIContext, APIRoute } from 'astro';
import { notificationProviderSchema } from '#lib/payments/provider-callback-schemas.ts';
import { NotFoundError, UnauthorizedError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, readTextBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { receiveNotifications } from '#server/checkout/payment-notifications.ts';
import { ADYEN_NOTIFICATION_ACK } from '#server/payments/adyen/adyen-provider.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import { providerById } from '#server/payments/provider-registry.ts';

export const prerender = false;

/** Adyen batches hold a handful of items; Klarna's callback is one session, Two's one event. */
const MAX_NOTIFICATION_BYTES = 256 * 1024;

const receive = endpoint(async ({ request, url, params }: APIContext) => {
  requireStore(url); // the configured URL carries the pair; the work happens in the checkout's own storefront
  const id = validate(notificationProviderSchema, params.provider);
  if (request.method === 'GET' && id !== 'walley') return methodNotAllowed(['POST'])();
  const provider = providerById(id);
  if (!provider) throw new NotFoundError(`${id} is not configured`);
  let raw: string;
  if (id !== 'walley') raw = await readTextBody(request, MAX_NOTIFICATION_BYTES);
  else {
    if (request.body) await readTextBody(request, MAX_NOTIFICATION_BYTES); // read (bounded) and ignored: nothing in it counts
    raw = url.search;
  }
  let fresh: number | null;
  try {
    fresh = await receiveNotifications(getDb(), provider, request.headers, raw);
  } catch (err) {
    // Klarna and Walley are verified by reading back from their API: when that fails, ask for a retry.
    if (err instanceof ProviderUnavailable) throw new ProviderUnavailable(err.provider, 'the provider could not be asked; retry');
    throw err;
  }
  if (fresh === null) throw new UnauthorizedError('notification not verified');
  if (id === 'adyen')
    return new Response(ADYEN_NOTIFICATION_ACK, {
      status: 200,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  return json({ accepted: true, new: fresh });
});

export const POST: APIRoute = receive;
export const GET: APIRoute = receive;
export const ALL = methodNotAllowed(['POST']);
