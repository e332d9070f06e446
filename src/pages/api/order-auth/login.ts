/** POST /api/order-auth/login (SPEC §7): { order_id, email } → { access_token, refresh_token, user: { scope: 'my-order', order_id } }. */
import type { APIRoute } from 'astro';
import { orderLoginRequestSchema } from '../../../lib/api/contracts.ts';
import { ApiFailure, endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '../../../server/api/http.ts';
import { clientIp, createRateLimiter } from '../../../server/api/rate-limit.ts';
import { orderLogin } from '../../../server/auth/order-service.ts';
import { getDb } from '../../../server/db/connection.ts';

export const prerender = false;

// Order-number guessing: the same budget as password guessing (AUTH_RATE_LIMIT per IP and minute).
const limiter = createRateLimiter(Number(process.env.AUTH_RATE_LIMIT ?? 10), 60_000);

export const POST: APIRoute = endpoint(async ({ request, url, clientAddress }) => {
  requireStore(url);
  const rate = limiter.hit(clientIp(request.headers, () => clientAddress));
  if (!rate.allowed) throw new ApiFailure(429, 'rate_limited', 'too many login attempts; try again later');
  const body = validate(orderLoginRequestSchema, await readJsonBody(request, 4096));
  const result = await orderLogin(getDb(), body.order_id, body.email);
  if (!result) throw new ApiFailure(401, 'invalid_credentials', 'no order with that number and e-mail');
  return json(result);
});

export const ALL = methodNotAllowed(['POST']);
