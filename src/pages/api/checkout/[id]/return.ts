/**
 * GET /api/checkout/{id}/return (docs/product/api.md#checkout): a provider's hosted page sends the shopper's
 * browser here (its cancel button with `cancelled=1`); the answer is a 303 to the confirmation or the failed
 * page (the outcome is read from the provider).
 */
import type { APIRoute } from 'astro';
import { paymentReturnQuerySchema } from '#lib/payments/provider-callback-schemas.ts';
import { endpoint, methodNotAllowed, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { checkoutIdParam } from '#server/checkout/checkout-id-param.ts';
import { checkoutPageUrls } from '#server/checkout/checkout-page-urls.ts';
import { paymentReturn } from '#server/checkout/payment-return.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ url, params }) => {
  const { locale } = requireStore(url);
  const q = url.searchParams;
  // Klarna fills its session id into a second `sid` (the first is the storefront's, checked above).
  const query = validate(paymentReturnQuerySchema, {
    kind: q.get('kind') ?? undefined,
    sessionId: q.get('sessionId') ?? q.getAll('sid')[1] ?? undefined,
    sessionResult: q.get('sessionResult') ?? undefined,
    cancelled: q.get('cancelled') ?? undefined,
  });
  const location = await paymentReturn(
    getDb(),
    locale,
    checkoutIdParam(params.id),
    { kind: query.kind, sessionId: query.sessionId, query: q, cancelled: query.cancelled === '1' },
    checkoutPageUrls(locale),
  );
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
});

export const ALL = methodNotAllowed(['GET']);
