/**
 * The shapes the auth endpoints share (docs/product/accounts.md): store check, rate limit, validated body,
 * session cookies set on success, 401 when the service says no.
 */
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { refreshRequestSchema } from '#lib/api/auth-contracts.ts';
import { ApiFailure, endpoint, json, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { clientIp, createRateLimiter } from '#server/http/rate-limit.ts';
import { getDb } from '#server/db/connection.ts';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { endSession, type SessionTokens } from './sessions.ts';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from './visitor.ts';

const AUTH_RATE_LIMIT = () => Number(process.env.AUTH_RATE_LIMIT ?? 10);

/** What a signing-in service answers: the JSON body plus the session whose tokens become cookies. */
export type WithSession = { session: SessionTokens } & Record<string, unknown>;

/**
 * The JSON answer of a new session: everything but the internal `session`, and the cookies set. A session the
 * browser held before (its refresh cookie) is ended: the cookies have one slot, and an orphaned family would
 * stay usable by whoever copied its token.
 */
export async function sessionAnswer(db: Db, ctx: Pick<APIContext, 'cookies' | 'request'>, result: WithSession): Promise<Response> {
  const { session, ...body } = result;
  const previous = ctx.cookies.get(REFRESH_COOKIE)?.value;
  if (previous) await endSession(db, previous, undefined);
  setSessionCookies(ctx.cookies, ctx.request, session);
  return json(body);
}

/**
 * Failed guesses per IP and endpoint: after AUTH_RATE_LIMIT failures (default 10) within a minute the IP gets
 * 429 until the minute is over. Successful sign-ins do not count (a shared office IP keeps working).
 */
export function failureLimiter() {
  const failures = createRateLimiter(AUTH_RATE_LIMIT(), 60_000);
  const blocked = new Map<string, number>();
  return {
    check(ip: string, now = Date.now()) {
      const until = blocked.get(ip);
      if (until !== undefined && until > now) throw new ApiFailure(429, 'rate_limited', 'too many attempts; try again later');
      if (until !== undefined) blocked.delete(ip);
    },
    fail(ip: string, now = Date.now()) {
      const r = failures.hit(ip, now);
      if (!r.allowed) {
        if (blocked.size > 10_000) blocked.clear();
        blocked.set(ip, now + r.retryAfterSeconds * 1000);
        throw new ApiFailure(429, 'rate_limited', 'too many attempts; try again later');
      }
    },
  };
}

/** Every request counts (endpoints that send mail): AUTH_RATE_LIMIT per IP and minute. */
export function requestLimiter() {
  const limiter = createRateLimiter(AUTH_RATE_LIMIT(), 60_000);
  return (ip: string) => {
    if (!limiter.hit(ip).allowed) throw new ApiFailure(429, 'rate_limited', 'too many requests; try again later');
  };
}

export const ipOf = (ctx: Pick<APIContext, 'request' | 'clientAddress'>) => clientIp(ctx.request.headers, () => ctx.clientAddress);

/** POST login of either strategy: failed guesses are rate-limited; success sets the session cookies. */
export function loginEndpoint<S extends z.ZodType>(
  schema: S,
  attempt: (db: Db, body: z.output<S>, locale: LocaleCode) => Promise<WithSession | undefined>,
  failure: string,
  code: 'invalid_credentials' | 'invalid_token' = 'invalid_credentials',
): APIRoute {
  const limiter = failureLimiter();
  return endpoint(async (ctx: APIContext) => {
    const { locale } = requireStore(ctx.url);
    const ip = ipOf(ctx);
    limiter.check(ip);
    const body = validate(schema, await readJsonBody(ctx.request, 4096));
    const db = getDb();
    const result = await attempt(db, body, locale);
    if (!result) {
      limiter.fail(ip);
      throw new ApiFailure(401, code, failure);
    }
    return sessionAnswer(db, ctx, result);
  });
}

/**
 * POST refresh: `{ refresh_token }` or the refresh cookie → a new token pair (cookies too). 401 when unknown,
 * expired, revoked or already used (reuse also revokes the family); the cookies are then cleared.
 */
export function refreshEndpoint(refresh: (db: Db, token: string) => Promise<WithSession | undefined>): APIRoute {
  return endpoint(async (ctx: APIContext) => {
    requireStore(ctx.url);
    const body = validate(refreshRequestSchema, await readJsonBody(ctx.request, 4096));
    const token = body.refresh_token ?? ctx.cookies.get(REFRESH_COOKIE)?.value;
    const result = token ? await refresh(getDb(), token) : undefined;
    if (!result) {
      if (!body.refresh_token) clearSessionCookies(ctx.cookies, ctx.request);
      throw new ApiFailure(401, 'invalid_token', 'the refresh token is invalid, expired or already used');
    }
    // a rotation continues the same family: nothing to end
    const { session, ...answer } = result;
    setSessionCookies(ctx.cookies, ctx.request, session);
    return json(answer);
  });
}
