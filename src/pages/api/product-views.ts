/**
 * POST /api/product-views (docs/product/api.md#product-activity): one view of a product page, counted per hour
 * for social proof. Nothing about the visitor is stored; the client IP is only the rate-limit key
 * (PRODUCT_VIEWS_RATE_LIMIT per minute, default 120). Unknown products are refused (404), so the counters stay bounded.
 */
import type { APIRoute } from 'astro';
import { productViewRequestSchema } from '#lib/api/tracking-contracts.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { endpoint, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { clientIp, createRateLimiter, rateLimitedResponse } from '#server/http/rate-limit.ts';
import { countProductView, productExists } from '#server/tracking/product-activity.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

const limiter = createRateLimiter({
  bucket: 'product-views',
  limit: Number(process.env.PRODUCT_VIEWS_RATE_LIMIT ?? 120),
  windowMs: 60_000,
});

export const POST: APIRoute = endpoint(async ({ request, url, clientAddress }) => {
  const { locale } = requireStore(url);
  const { sku } = validate(productViewRequestSchema, await readJsonBody(request, 1024));
  const rate = await limiter.hit(clientIp(request.headers, () => clientAddress));
  if (!rate.allowed) return rateLimitedResponse(rate.retryAfterSeconds, 'too many product views; try again later');
  const db = getDb();
  if (!(await productExists(db, locale, sku))) throw new NotFoundError(`no product ${sku} in this storefront`, 'sku');
  await countProductView(db, locale, sku);
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});

export const ALL = methodNotAllowed(['POST']);
