/**
 * /api/returns (docs/product/api.md#returns): GET ?order_number= → what can be returned and the returns so far;
 * POST → a new return or withdrawal (201). The visitor's cookies (or bearer token) decide which orders they
 * may name; another's order is 404.
 */
import type { APIRoute } from 'astro';
import { returnOptionsQuerySchema, returnRequestSchema } from '#lib/api/return-contracts.ts';
import { endpoint, json, methodNotAllowed, queryObject, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { orderForReturns } from '#server/returns/order-access.ts';
import { requestReturn, returnOptions } from '#server/returns/request-return.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ request, url, cookies }) => {
  const { locale } = requireStore(url);
  const { order_number } = validate(returnOptionsQuerySchema, queryObject(url));
  const db = getDb();
  const { order } = await orderForReturns(db, locale, request, cookies, order_number);
  return json(await returnOptions(db, order));
});

export const POST: APIRoute = endpoint(async ({ request, url, cookies }) => {
  const { locale } = requireStore(url);
  const body = validate(returnRequestSchema, await readJsonBody(request, 16_384));
  const db = getDb();
  const { order, by, hasAccount } = await orderForReturns(db, locale, request, cookies, body.order_number);
  return json({ return: await requestReturn(db, order, body, by, hasAccount) }, 201);
});

export const ALL = methodNotAllowed(['GET', 'POST']);
