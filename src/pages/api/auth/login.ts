/** POST /api/auth/login (SPEC §7): { email, password } → { access_token, refresh_token, user }; 401 on bad credentials. */
import type { APIRoute } from 'astro';
import { loginRequestSchema } from '../../../lib/api/contracts.ts';
import { ApiFailure, endpoint, json, methodNotAllowed, readJsonBody, requireStore, validate } from '../../../server/api/http.ts';
import { clientIp, createRateLimiter } from '../../../server/api/rate-limit.ts';
import { login } from '../../../server/auth/account-service.ts';
import { getDb } from '../../../server/db/connection.ts';

export const prerender = false;

// Password guessing: 10 attempts per IP and minute (AUTH_RATE_LIMIT).
const limiter = createRateLimiter(Number(process.env.AUTH_RATE_LIMIT ?? 10), 60_000);

export const POST: APIRoute = endpoint(async ({ request, url, clientAddress }) => {
  requireStore(url);
  const rate = limiter.hit(clientIp(request.headers, () => clientAddress));
  if (!rate.allowed) throw new ApiFailure(429, 'rate_limited', 'too many login attempts; try again later');
  const body = validate(loginRequestSchema, await readJsonBody(request, 4096));
  const result = await login(getDb(), body.email, body.password);
  if (!result) throw new ApiFailure(401, 'invalid_credentials', 'wrong email or password');
  return json(result);
});

export const ALL = methodNotAllowed(['POST']);
