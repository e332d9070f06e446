/** GET /api/products (docs/product/api.md#products): query, nc, co, provider, paging (limit+offset or page), refinements and facets; x-be-records = total, x-search-provider = who answered. */
import type { APIRoute } from 'astro';
import { productsQuerySchema } from '#lib/api/catalogue-contracts.ts';
import { endpoint, methodNotAllowed, json, queryObject, requireStore, validate } from '#server/http/endpoint.ts';
import { DEFAULT_LIMIT } from '#server/search/search-products.ts';
import { searchWithProvider } from '#server/search/providers/choose-provider.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ url }) => {
  const { locale } = requireStore(url);
  const { locale: _l, sid: _s, ...rest } = queryObject(url);
  const q = validate(productsQuerySchema, rest);
  const limit = q.limit ?? DEFAULT_LIMIT;
  const offset = q.offset ?? (q.page ? (q.page - 1) * limit : 0);
  const { result, provider } = await searchWithProvider(getDb(), q.provider, {
    locale,
    query: q.query,
    limit,
    offset,
    withCategories: q.nc,
    withCounts: q.co,
    filters: {
      brands: q.brand,
      categories: q.category,
      stock: q.stock,
      priceMin: q.price_min,
      priceMax: q.price_max,
      vatEx: q.vat === 'ex',
    },
    sort: q.sort === 'relevance' ? undefined : q.sort,
    withFacets: q.facets,
  });
  const body = { products: result.products, categories: result.categories, ...(result.facets ? { facets: result.facets } : {}) };
  return json(body, 200, {
    'x-be-records': String(result.total),
    'x-search-provider': provider,
    'access-control-expose-headers': 'x-be-records, x-search-provider',
  });
});

export const ALL = methodNotAllowed(['GET']);
