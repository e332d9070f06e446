/**
 * POST /captuerr (docs/product/api.md#client-error-report): unhandled client errors and failed purchase tracking. Bounded body
 * (16 KB) and fields, rate-limited per client IP (CAPTUERR_RATE_LIMIT per minute, default 30) → 429.
 * Behind a reverse proxy set PARTSFRONT_TRUST_PROXY=1 so the client IP comes from x-forwarded-for.
 */
import type { APIRoute } from 'astro';
import { captuerrRequestSchema } from '#lib/api/telemetry-contracts.ts';
import { endpoint, methodNotAllowed, errorResponse, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { clientIp, createRateLimiter } from '#server/http/rate-limit.ts';
import { recordClientError } from '#server/telemetry/client-errors.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

const MAX_BODY = 16 * 1024;
const limiter = createRateLimiter(Number(process.env.CAPTUERR_RATE_LIMIT ?? 30), 60_000);

export const POST: APIRoute = endpoint(async ({ request, url, clientAddress }) => {
  const { locale } = requireStore(url);
  const ip = clientIp(request.headers, () => clientAddress);
  const rate = limiter.hit(ip);
  if (!rate.allowed) {
    const r = errorResponse(429, 'rate_limited', 'too many error reports; try again later');
    r.headers.set('retry-after', String(rate.retryAfterSeconds));
    return r;
  }
  const body = validate(captuerrRequestSchema, await readJsonBody(request, MAX_BODY));
  await recordClientError(getDb(), locale, ip, body);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});

export const ALL = methodNotAllowed(['POST']);
