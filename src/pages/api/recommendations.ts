/** GET /api/recommendations (docs/product/api.md#recommendations): sku, provider, limit; x-recommendation-provider = who answered. */
import type { APIRoute } from 'astro';
import { RECOMMENDATIONS_DEFAULT_LIMIT, recommendationsQuerySchema } from '#lib/api/recommendation-contracts.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, queryObject, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { localizedProducts } from '#server/catalogue/localized-products.ts';
import { recommendWithProvider } from '#server/recommendations/choose-provider.ts';
import { recommendationCards } from '#server/recommendations/recommendation-cards.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ url }) => {
  const { locale } = requireStore(url);
  const { locale: _l, sid: _s, ...rest } = queryObject(url);
  const q = validate(recommendationsQuerySchema, rest);
  const db = getDb();
  const subject = await localizedProducts(db, locale).select(['p.id', 'p.sku']).where('p.sku', '=', q.sku).executeTakeFirst();
  if (!subject) throw new NotFoundError(`no product ${q.sku} in this storefront`, 'sku');
  const { ids, provider } = await recommendWithProvider(db, q.provider ?? 'internal', {
    locale,
    subject,
    limit: q.limit ?? RECOMMENDATIONS_DEFAULT_LIMIT,
  });
  return json({ products: await recommendationCards(locale, ids) }, 200, {
    'x-recommendation-provider': provider,
    'access-control-expose-headers': 'x-recommendation-provider',
  });
});

export const ALL = methodNotAllowed(['GET']);
