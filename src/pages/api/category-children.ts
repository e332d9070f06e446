/** POST /api/category-children (docs/product/api.md#category-children): { productIDs, Categories } → map. Errors give an empty result. */
import type { APIRoute } from 'astro';
import { categoryChildrenRequestSchema } from '#lib/api/catalogue-contracts.ts';
import { DomainError } from '#lib/errors/domain-errors.ts';
import { endpoint, methodNotAllowed, json, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { categoryChildren } from '#server/catalogue/category-children.ts';
import { getDb } from '#server/db/connection.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('api');

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url }) => {
  const { locale } = requireStore(url);
  const body = validate(categoryChildrenRequestSchema, await readJsonBody(request));
  try {
    return json(await categoryChildren(getDb(), locale, body.Categories, body.productIDs));
  } catch (err) {
    if (err instanceof DomainError) throw err;
    log.error({ err }, 'category-children failed');
    return json({}); // docs/product/errors.md#silent-failures: a silent failure — the client shows no children
  }
});

export const ALL = methodNotAllowed(['POST']);
