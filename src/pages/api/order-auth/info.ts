/** GET /api/order-auth/info (docs/product/api.md#guest-order-info): the one order a guest-order access token opens → { user, order }. */
import type { APIRoute } from 'astro';
import { UnauthorizedError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, requireStore } from '#server/http/endpoint.ts';
import { orderOf } from '#server/auth/guest-order-login.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ request, url }) => {
  requireStore(url);
  const info = await orderOf(getDb(), request.headers);
  if (!info) throw new UnauthorizedError('a valid guest-order access token is required');
  return json(info);
});

export const ALL = methodNotAllowed(['GET']);
