/**
 * POST /api/personalisation/visitor (docs/product/api.md#personalisation-tracking): the retail personalisation
 * service's visitor id for this storefront. The browser asks only with personalisation consent. 404 when no
 * service is configured, 503 provider_unavailable when it fails (the browser stays silent either way).
 */
import type { APIRoute } from 'astro';
import type { PersonalisationVisitor } from '#lib/api/tracking-contracts.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, requireStore } from '#server/http/endpoint.ts';
import { clientIp, createRateLimiter, rateLimitedResponse } from '#server/http/rate-limit.ts';
import { personalisationConfig } from '#server/tracking/personalisation-config.ts';
import { visitorId } from '#server/tracking/personalisation-service.ts';

export const prerender = false;

const limiter = createRateLimiter({ bucket: 'personalisation-visitor', limit: 20, windowMs: 60_000 });

export const POST: APIRoute = endpoint(async ({ request, url, clientAddress }) => {
  const { locale } = requireStore(url);
  const config = personalisationConfig(locale);
  if (!config) throw new NotFoundError('no personalisation service is configured for this storefront');
  const rate = await limiter.hit(clientIp(request.headers, () => clientAddress));
  if (!rate.allowed) return rateLimitedResponse(rate.retryAfterSeconds, 'too many visitor requests; try again later');
  const body: PersonalisationVisitor = { id: await visitorId(config) };
  return json(body);
});

export const ALL = methodNotAllowed(['POST']);
