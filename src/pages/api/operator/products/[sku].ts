/**
 * PATCH /api/operator/products/{sku} (docs/product/api.md#operator-product-updates): change a product's price in
 * this storefront and/or its stock. Bearer PARTSFRONT_OPERATOR_TOKEN; ?locale=&sid=; zod-validated body →
 * `{ product, change }`; the product's pages follow within seconds (docs/adr/0017-incremental-pages.md).
 */
import type { APIRoute } from 'astro';
import { productUpdateSchema } from '#lib/api/product-update-contracts.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { requireOperator } from '#server/fulfilment/operator-auth.ts';
import { updateProduct } from '#server/catalogue/product-updates.ts';

export const prerender = false;

export const PATCH: APIRoute = endpoint(async ({ request, url, params }) => {
  requireOperator(request);
  const { locale } = requireStore(url);
  const body = validate(productUpdateSchema, await readJsonBody(request, 8192));
  return json(await updateProduct(getDb(), locale, params.sku ?? '', body));
});

export const ALL = methodNotAllowed(['PATCH']);
