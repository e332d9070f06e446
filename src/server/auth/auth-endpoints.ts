/**
 * The shapes the auth endpoints share (docs/product/accounts.md): store check, rate limit, validated body,
 * session cookies set on success, 401 when the service says no.
 */
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { refreshRequestSchema } from '#lib/api/auth-contracts.ts';
import { DomainError, InvalidTokenError } from '#lib/errors/domain-errors.ts';
import { endpoint, json, readJsonBody, requireStore, validate } from '#server/http/endpoint.ts';
import { clientIp, createRateLimiter, limitedEndpoint, RateLimited } from '#server/http/rate-limit.ts';
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
 * Failed guesses per key in `bucket`: after `limit` failures within the window the key gets 429 (with
 * Retry-After) until the window is over. Successful sign-ins do not count (a shared office IP keeps working).
 * Default: AUTH_RATE_LIMIT (10) per IP and minute. Counted in the database, so every node counts together
 * (src/server/http/rate-limit.ts); each endpoint has its own bucket.
 */
export function failureLimiter(bucket: string, limit = AUTH_RATE_LIMIT(), windowMs = 60_000, db?: () => Db) {
  const failures = createRateLimiter({ bucket, limit, windowMs, db });
  return {
    /** Throws 429 while the key is over the limit (without counting). */
    async check(key: string, now = Date.now()) {
      const r = await failures.peek(key, now);
      if (!r.allowed) throw new RateLimited(r.retryAfterSeconds);
    },
    /** Counts a failure; the Retry-After seconds when the key is now over the limit, else undefined. */
    async record(key: string, now = Date.now()): Promise<number | undefined> {
      const r = await failures.hit(key, now);
      return r.allowed ? undefined : r.retryAfterSeconds;
    },
  };
}

/**
 * Failed guesses per account, whichever addresses and nodes they come from: AUTH_ACCOUNT_RATE_LIMIT (default 10)
 * per 15 minutes. Keyed by what the guesser typed (the normalised e-mail), so unknown e-mails count alike and the
 * 429 reveals nothing about which accounts exist (docs/product/accounts.md#rate-limits). Shared by login and
 * change password.
 */
export const accountLimiter = (db?: () => Db) =>
  failureLimiter('auth-account', Number(process.env.AUTH_ACCOUNT_RATE_LIMIT ?? 10), 15 * 60_000, db);

/** Throws the 429 of the longest wait among the counters that went over (record() results). */
export function throwIfOver(...over: (number | undefined)[]): void {
  const waits = over.filter((s): s is number => s !== undefined);
  if (waits.length) throw new RateLimited(Math.max(...waits));
}

/** Every request counts (endpoints that send mail): AUTH_RATE_LIMIT per IP and minute, per bucket. */
export function requestLimiter(bucket: string) {
  const limiter = createRateLimiter({ bucket, limit: AUTH_RATE_LIMIT(), windowMs: 60_000 });
  return async (ip: string) => {
    const r = await limiter.hit(ip);
    if (!r.allowed) throw new RateLimited(r.retryAfterSeconds, 'too many requests; try again later');
  };
}

export const ipOf = (ctx: Pick<APIContext, 'request' | 'clientAddress'>) => clientIp(ctx.request.headers, () => ctx.clientAddress);

/**
 * POST login of either strategy: failed guesses are rate-limited per IP (in the endpoint's own `bucket`) and —
 * when `accountOf` names the account a body tries — per account too; success sets the session cookies.
 */
export function loginEndpoint<S extends z.ZodType>(
  bucket: string,
  schema: S,
  attempt: (db: Db, body: z.output<S>, locale: LocaleCode) => Promise<WithSession | undefined>,
  failure: string,
  code: 'invalid_credentials' | 'invalid_token' = 'invalid_credentials',
  /** The account a guess is about (also counted per account); undefined: only per IP. */
  accountOf?: (body: z.output<S>) => string | undefined,
): APIRoute {
  const limiter = failureLimiter(bucket);
  return limitedEndpoint(async (ctx: APIContext) => {
    const { locale } = requireStore(ctx.url);
    const ip = ipOf(ctx);
    await limiter.check(ip);
    const body = validate(schema, await readJsonBody(ctx.request, 4096));
    const account = accountOf?.(body);
    // checked before any hash work: a locked account costs the server nothing
    if (account !== undefined) await accountLimiter().check(account);
    const db = getDb();
    const result = await attempt(db, body, locale);
    if (!result) {
      // both counters move, whichever of them says stop
      throwIfOver(await limiter.record(ip), account !== undefined ? await accountLimiter().record(account) : undefined);
      throw new DomainError(code, failure);
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
      throw new InvalidTokenError('the refresh token is invalid, expired or already used');
    }
    // a rotation continues the same family: nothing to end
    const { session, ...answer } = result;
    setSessionCookies(ctx.cookies, ctx.request, session);
    return json(answer);
  });
}
