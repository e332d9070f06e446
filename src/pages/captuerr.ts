/**
 * POST /captuerr (docs/product/api.md#client-error-report): unhandled client errors and failed purchase tracking. Bounded body
 * (16 KB) and fields, rate-limited per client IP (CAPTUERR_RATE_LIMIT per minute, default 30) → 429.
 * Behind a reverse proxy set PARTSFRONT_TRUST_PROXY=1 so the client IP comes from x-forwarded-for.
 */
import type { APIRoute } from 'astro';
import { captuerrRequestSchema } from '#lib/api/telemetry-contracts.ts';
import { endpoint, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { clientIp, createRateLimiter, rateLimitedResponse } from '#server/http/rate-limit.ts';
import { recordClientError } from '#server/tracking/client-errors.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

const MAX_BODY = 16 * 1024;
// Counted in the database like every limit (one upsert; the report itself is a write anyway): every node counts together.
const limiter = createRateLimiter({ bucket: 'captuerr', limit: Number(process.env.CAPTUERR_RATE_LIMIT ?? 30), windowMs: 60_000 });

export const POST: APIRoute = endpoint(async ({ request, url, clientAddress }) => {
  const { locale } = requireStore(url);
  const ip = clientIp(request.headers, () => clientAddress);
  const rate = await limiter.hit(ip);
  if (!rate.allowed) {
    return rateLimitedResponse(rate.retryAfterSeconds, 'too many error reports; try again later');
  }
  const body = validate(captuerrRequestSchema, await readJsonBody(request, MAX_BODY));
  await recordClientError(getDb(), locale, ip, body);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});

export const ALL = methodNotAllowed(['POST']);
