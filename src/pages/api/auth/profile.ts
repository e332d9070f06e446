/** GET /api/auth/profile (docs/product/api.md#account-profile): the logged-in customer (Authorization: Bearer <access token>) → { user }. */
import type { APIRoute } from 'astro';
import { UnauthorizedError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, methodNotAllowed, requireStore } from '#server/http/endpoint.ts';
import { customerOf } from '#server/auth/account-service.ts';
import { getDb } from '#server/db/connection.ts';

export const prerender = false;

export const GET: APIRoute = endpoint(async ({ request, url }) => {
  requireStore(url);
  const user = await customerOf(getDb(), request.headers);
  if (!user) throw new UnauthorizedError('a valid access token is required');
  return json({ user });
});

export const ALL = methodNotAllowed(['GET']);
