/**
 * GET /api/product-activity?sku= (docs/product/api.md#product-activity): views of the product in the last 24
 * hours and units bought today in this storefront. The same for every visitor: cacheable for a minute.
 */
import type { APIRoute } from 'astro';
import { productActivityQuerySchema, type ProductActivityAnswer } from '#lib/api/tracking-contracts.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, queryObject, requireStore, validate } from '#server/http/endpoint.ts';
import { cachedProductActivity, productExists } from '#server/tracking/product-activity.ts';
import { VIEW_WINDOW_HOURS } from '#lib/tracking/social-proof.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ url }) => {
  const { locale } = requireStore(url);
  const { sku } = validate(productActivityQuerySchema, queryObject(url));
  const db = getDb();
  if (!(await productExists(db, locale, sku))) throw new NotFoundError(`no product ${sku} in this storefront`, 'sku');
  const activity = await cachedProductActivity(db, locale, sku);
  const body: ProductActivityAnswer = { sku, ...activity, window_hours: VIEW_WINDOW_HOURS };
  return json(body, 200, { 'cache-control': 'public, max-age=60' });
});

export const ALL = methodNotAllowed(['GET']);
