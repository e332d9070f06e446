/**
 * POST /captuerr (SPEC §7, §8): unhandled client errors and failed purchase tracking. Bounded body
 * (16 KB) and fields, rate-limited per client IP (CAPTUERR_RATE_LIMIT per minute, default 30) → 429.
 */
import type { APIRoute } from 'astro';
import { captuerrRequestSchema } from '../lib/api/contracts.ts';
import { endpoint, errorResponse, readJsonBody, requireStore, validate } from '../server/api/http.ts';
import { createRateLimiter } from '../server/api/rate-limit.ts';
import { recordClientError } from '../server/commerce/client-errors.ts';
import { getDb } from '../server/db/connection.ts';

export const prerender = false;

const MAX_BODY = 16 * 1024;
const limiter = createRateLimiter(Number(process.env.CAPTUERR_RATE_LIMIT ?? 30), 60_000);

export const POST: APIRoute = endpoint(async ({ request, url, clientAddress }) => {
  const { locale } = requireStore(url);
  const ip = (() => { try { return clientAddress ?? 'unknown'; } catch { return 'unknown'; } })();
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
