/** GET /api/products (docs/product/api.md#products): query, nc, co, provider, paging (limit+offset or page), refinements and facets; x-be-records = total. */
import type { APIRoute } from 'astro';
import { productsQuerySchema } from '#lib/api/catalogue-contracts.ts';
import { endpoint, methodNotAllowed, json, queryObject, requireStore, validate } from '#server/http/endpoint.ts';
import { DEFAULT_LIMIT, searchProducts } from '#server/search/search-products.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ url }) => {
  const { locale } = requireStore(url);
  const { locale: _l, sid: _s, ...rest } = queryObject(url);
  const q = validate(productsQuerySchema, rest);
  const limit = q.limit ?? DEFAULT_LIMIT;
  const offset = q.offset ?? (q.page ? (q.page - 1) * limit : 0);
  const result = await searchProducts(getDb(), {
    locale,
    query: q.query,
    limit,
    offset,
    withCategories: q.nc,
    withCounts: q.co,
    filters: { brands: q.brand, category: q.category, stock: q.stock, priceMin: q.price_min, priceMax: q.price_max },
    sort: q.sort,
    withFacets: q.facets,
  });
  const body = { products: result.products, categories: result.categories, ...(result.facets ? { facets: result.facets } : {}) };
  return json(body, 200, {
    'x-be-records': String(result.total),
    'access-control-expose-headers': 'x-be-records',
  });
});

export const ALL = methodNotAllowed(['GET']);
