/**
 * Fixed-window rate limits per bucket and key (client IP, account), kept in the database so every node on one
 * database counts together (docs/adr/0010-several-nodes-on-one-postgresql.md#shared-state): a hit is ONE
 * atomic upsert that starts a window that has ended again at 1 or counts on in the current one, and answers
 * the count and the window's end. Rows whose window has ended are purged by the nodes, at most once a minute
 * each, from a hit. Works alike on SQLite and PostgreSQL (INSERT … ON CONFLICT … DO UPDATE … RETURNING).
 */
import { sql } from 'kysely';
import { getDb, type Db } from '#server/db/connection.ts';
import { RateLimitedError } from '#lib/errors/domain-errors.ts';
import { endpoint, errorResponse } from './endpoint.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { metrics } from '#server/telemetry/metrics.ts';

const log = loggerFor('rate-limit');

export interface RateVerdict {
  allowed: boolean;
  /** Seconds until the key's window ends (at least 1): the Retry-After of a refusal. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit of `key`; allowed while the window's count is at most the limit. */
  hit(key: string, now?: number): Promise<RateVerdict>;
  /** The key's state without counting: refused when an earlier hit of this window went over the limit. */
  peek(key: string, now?: number): Promise<RateVerdict>;
}

export interface RateLimiterOptions {
  /** Names the limiter in the table: limiters with the same bucket count together on every node. */
  bucket: string;
  limit: number;
  windowMs: number;
  db?: () => Db;
}

/** Keys are bounded (a forged x-forwarded-for or a long e-mail cannot grow a row without limit). */
const MAX_KEY = 300;
const PURGE_EVERY_MS = 60_000;
let lastPurge = 0;

const iso = (ms: number) => new Date(ms).toISOString();
const secondsUntil = (endIso: string, now: number) => Math.max(1, Math.ceil((Date.parse(endIso) - now) / 1000));

/** Deletes the windows that have ended (an index range on window_ends_at). */
export async function purgeRateLimits(db: Db, now = Date.now()): Promise<number> {
  const r = await db.deleteFrom('rate_limits').where('window_ends_at', '<=', iso(now)).executeTakeFirst();
  return Number(r.numDeletedRows);
}

function purgeNowAndThen(db: Db, now: number): void {
  if (now - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = now;
  purgeRateLimits(db, now).catch((err: unknown) => log.error({ err }, 'rate limit purge failed'));
}

export function createRateLimiter({ bucket, limit, windowMs, db = getDb }: RateLimiterOptions): RateLimiter {
  return {
    async hit(rawKey, now = Date.now()) {
      const key = rawKey.slice(0, MAX_KEY);
      const nowIso = iso(now);
      const d = db();
      const row = await d
        .insertInto('rate_limits')
        .values({ bucket, key, hits: 1, window_ends_at: iso(now + windowMs) })
        .onConflict((oc) =>
          oc.columns(['bucket', 'key']).doUpdateSet({
            // Both expressions read the row as it was: an ended window restarts, a running one counts on.
            hits: sql<number>`CASE WHEN rate_limits.window_ends_at <= ${nowIso} THEN 1 ELSE rate_limits.hits + 1 END`,
            window_ends_at: sql<string>`CASE WHEN rate_limits.window_ends_at <= ${nowIso} THEN excluded.window_ends_at ELSE rate_limits.window_ends_at END`,
          }),
        )
        .returning(['hits', 'window_ends_at'])
        .executeTakeFirstOrThrow();
      purgeNowAndThen(d, now);
      const allowed = Number(row.hits) <= limit;
      if (!allowed) metrics.rateLimitRefusals.inc({ limit: bucket });
      return { allowed, retryAfterSeconds: secondsUntil(row.window_ends_at, now) };
    },
    async peek(rawKey, now = Date.now()) {
      const row = await db()
        .selectFrom('rate_limits')
        .select(['hits', 'window_ends_at'])
        .where('bucket', '=', bucket)
        .where('key', '=', rawKey.slice(0, MAX_KEY))
        .where('window_ends_at', '>', iso(now))
        .executeTakeFirst();
      if (!row) return { allowed: true, retryAfterSeconds: 1 };
      const allowed = Number(row.hits) <= limit;
      // a refusal whether found by counting (hit) or by looking (peek: the failed-sign-in limits)
      if (!allowed) metrics.rateLimitRefusals.inc({ limit: bucket });
      return { allowed, retryAfterSeconds: secondsUntil(row.window_ends_at, now) };
    },
  };
}

/** A 429 that carries its Retry-After (answered by `limitedEndpoint`; a plain `endpoint` answers it without the header). */
export class RateLimited extends RateLimitedError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = 'too many attempts; try again later') {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The 429 answer with Retry-After. */
export function rateLimitedResponse(retryAfterSeconds: number, message: string): Response {
  const r = errorResponse(429, 'rate_limited', message);
  r.headers.set('retry-after', String(retryAfterSeconds));
  return r;
}

/** `endpoint` whose RateLimited failures answer 429 with Retry-After. */
export function limitedEndpoint<C extends { request: Request; url: URL }>(handler: (ctx: C) => Promise<Response> | Response) {
  return endpoint(async (ctx: C) => {
    try {
      return await handler(ctx);
    } catch (err) {
      if (err instanceof RateLimited) return rateLimitedResponse(err.retryAfterSeconds, err.message);
      throw err;
    }
  });
}

/**
 * The client's IP: the socket address, or — only when PARTSFRONT_TRUST_PROXY=1 (behind a reverse proxy
 * that sets it) — the first x-forwarded-for entry. Never trusted by default: clients can forge it.
 */
export function clientIp(
  headers: Headers,
  socketAddress: () => string | undefined,
  trustProxy = process.env.PARTSFRONT_TRUST_PROXY === '1',
): string {
  if (trustProxy) {
    const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return socketAddress() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
