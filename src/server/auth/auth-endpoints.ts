/**
 * The login and refresh endpoints of both strategies (myAccount: /api/auth, myOrder: /api/order-auth) are
 * one shape: store check, (rate limit), validated body, 401 when the service says no.
 */
import type { APIRoute } from 'astro';
import type { z } from 'zod';
import { refreshRequestSchema } from '#lib/api/auth-contracts.ts';
import { ApiFailure, endpoint, json, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { clientIp, createRateLimiter } from '#server/http/rate-limit.ts';
import { getDb } from '#server/db/connection.ts';
import type { Db } from '#server/db/connection.ts';

/** POST login: guessing is limited to AUTH_RATE_LIMIT attempts per IP and minute (default 10), per endpoint. */
export function loginEndpoint<S extends z.ZodType>(
  schema: S,
  attempt: (db: Db, body: z.output<S>) => Promise<object | undefined>,
  failure: string,
): APIRoute {
  const limiter = createRateLimiter(Number(process.env.AUTH_RATE_LIMIT ?? 10), 60_000);
  return endpoint(async ({ request, url, clientAddress }) => {
    requireStore(url);
    const rate = limiter.hit(clientIp(request.headers, () => clientAddress));
    if (!rate.allowed) throw new ApiFailure(429, 'rate_limited', 'too many login attempts; try again later');
    const body = validate(schema, await readJsonBody(request, 4096));
    const result = await attempt(getDb(), body);
    if (!result) throw new ApiFailure(401, 'invalid_credentials', failure);
    return json(result);
  });
}

/** POST refresh: { refresh_token } → a new token pair, 401 when invalid or expired. */
export function refreshEndpoint(refresh: (db: Db, token: string) => Promise<object | undefined>): APIRoute {
  return endpoint(async ({ request, url }) => {
    requireStore(url);
    const body = validate(refreshRequestSchema, await readJsonBody(request, 4096));
    const result = await refresh(getDb(), body.refresh_token);
    if (!result) throw new ApiFailure(401, 'invalid_token', 'the refresh token is invalid or expired');
    return json(result);
  });
}
