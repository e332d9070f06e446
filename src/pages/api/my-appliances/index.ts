/**
 * GET /api/my-appliances (docs/product/api.md#my-appliances): the logged-in customer's saved models → { models }.
 * PUT: saves one or more ({ models: [{ slug, saved_at? }] }; on login the browser's whole list) → { models }.
 */
import type { APIRoute } from 'astro';
import { saveModelsRequestSchema } from '#lib/api/my-appliances-contracts.ts';
import { endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { requireCustomerId, saveModels, savedModelsOf } from '#server/account/customer-models.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ request, url, cookies }) => {
  const { locale } = requireStore(url);
  const db = getDb();
  const customerId = await requireCustomerId(db, request, cookies);
  return json({ models: await savedModelsOf(db, customerId, locale) });
});

export const PUT: APIRoute = endpoint(async ({ request, url, cookies }) => {
  const { locale } = requireStore(url);
  const db = getDb();
  const customerId = await requireCustomerId(db, request, cookies);
  const body = validate(saveModelsRequestSchema, await readJsonBody(request, 8 * 1024));
  await saveModels(db, customerId, body.models);
  return json({ models: await savedModelsOf(db, customerId, locale) });
});

export const ALL = methodNotAllowed(['GET', 'PUT']);
