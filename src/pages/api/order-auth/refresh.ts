/** POST /api/order-auth/refresh (SPEC §7): { refresh_token } of a guest order → a new token pair; 401 otherwise. */
import type { APIRoute } from 'astro';
import { refreshRequestSchema } from '../../../lib/api/contracts.ts';
import { ApiFailure, endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '../../../server/api/http.ts';
import { orderRefresh } from '../../../server/auth/order-service.ts';
import { getDb } from '../../../server/db/connection.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async ({ request, url }) => {
  requireStore(url);
  const body = validate(refreshRequestSchema, await readJsonBody(request, 4096));
  const result = await orderRefresh(getDb(), body.refresh_token);
  if (!result) throw new ApiFailure(401, 'invalid_token', 'the refresh token is invalid or expired');
  return json(result);
});

export const ALL = methodNotAllowed(['POST']);
