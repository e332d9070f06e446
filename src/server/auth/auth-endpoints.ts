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

const TOO_MANY = () => new ApiFailure(429, 'rate_limited', 'too many attempts; try again later');

/**
 * Failed guesses per key: after `limit` failures within the window the key gets 429 until the window is over.
 * Successful sign-ins do not count (a shared office IP keeps working). Default: AUTH_RATE_LIMIT (10) per IP
 * and minute, one limiter per endpoint.
 */
export function failureLimiter(limit = AUTH_RATE_LIMIT(), windowMs = 60_000) {
  const failures = createRateLimiter(limit, windowMs);
  const blocked = new Map<string, number>();
  /** Counts a failure; true when the key is now over the limit (and blocked until its window ends). */
  const record = (key: string, now = Date.now()) => {
    const r = failures.hit(key, now);
    if (r.allowed) return false;
    if (blocked.size > 10_000) blocked.clear();
    blocked.set(key, now + r.retryAfterSeconds * 1000);
    return true;
  };
  return {
    check(key: string, now = Date.now()) {
      const until = blocked.get(key);
      if (until !== undefined && until > now) throw TOO_MANY();
      if (until !== undefined) blocked.delete(key);
    },
    record,
    fail(key: string, now = Date.now()) {
      if (record(key, now)) throw TOO_MANY();
    },
  };
}

/**
 * Failed guesses per account, whichever addresses they come from: AUTH_ACCOUNT_RATE_LIMIT (default 10) per
 * 15 minutes. Keyed by what the guesser typed (the normalised e-mail), so unknown e-mails count alike and the
 * 429 reveals nothing about which accounts exist. In process memory: each node counts its own (see
 * docs/product/accounts.md#rate-limits).
 */
export const accountFailureLimiter = () => failureLimiter(Number(process.env.AUTH_ACCOUNT_RATE_LIMIT ?? 10), 15 * 60_000);
let accountFailures: ReturnType<typeof failureLimiter> | undefined;
/** The one per-account limiter of the process, shared by login and change password. */
export const accountLimiter = () => (accountFailures ??= accountFailureLimiter());

/** Every request counts (endpoints that send mail): AUTH_RATE_LIMIT per IP and minute. */
export function requestLimiter() {
  const limiter = createRateLimiter(AUTH_RATE_LIMIT(), 60_000);
  return (ip: string) => {
    if (!limiter.hit(ip).allowed) throw new ApiFailure(429, 'rate_limited', 'too many requests; try again later');
  };
}

export const ipOf = (ctx: Pick<APIContext, 'request' | 'clientAddress'>) => clientIp(ctx.request.headers, () => ctx.clientAddress);

/**
 * POST login of either strategy: failed guesses are rate-limited per IP and — when `accountOf` names the account
 * a body tries — per account too; success sets the session cookies.
 */
export function loginEndpoint<S extends z.ZodType>(
  schema: S,
  attempt: (db: Db, body: z.output<S>, locale: LocaleCode) => Promise<WithSession | undefined>,
  failure: string,
  code: 'invalid_credentials' | 'invalid_token' = 'invalid_credentials',
  accountOf?: (body: z.output<S>) => string,
): APIRoute {
  const limiter = failureLimiter();
  return endpoint(async (ctx: APIContext) => {
    const { locale } = requireStore(ctx.url);
    const ip = ipOf(ctx);
    limiter.check(ip);
    const body = validate(schema, await readJsonBody(ctx.request, 4096));
    const account = accountOf?.(body);
    // checked before any hash work: a locked account costs the server nothing
    if (account !== undefined) accountLimiter().check(account);
    const db = getDb();
    const result = await attempt(db, body, locale);
    if (!result) {
      // both counters move, whichever of them says stop
      const ipOver = limiter.record(ip);
      const accountOver = account !== undefined && accountLimiter().record(account);
      if (ipOver || accountOver) throw TOO_MANY();
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
