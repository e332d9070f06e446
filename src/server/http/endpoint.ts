/**
 * The thin plumbing every API endpoint shares: JSON answers, the common error body, the locale/sid
 * guard, bounded JSON bodies and zod validation. Endpoints stay "validate → service → JSON".
 */
import type { z } from 'zod';
import { MAX_JSON_BODY_BYTES, parseStoreQuery } from '#lib/api/common.ts';
import { errorBody, type ApiErrorCode } from '#lib/api/errors.ts';
import { BadJsonError, BodyTooLargeError, DomainError, InvalidRequestError } from '#lib/errors/domain-errors.ts';
import { localeForHost, type LocaleCode } from '#lib/market/locales.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '#lib/routing/route-errors.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '#server/db/unavailable.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { endpointLabel } from '#lib/telemetry/route-label.ts';

const log = loggerFor('api');

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(status: number, code: ApiErrorCode, message: string, field?: string): Response {
  // An unread (too large) body leaves the connection in an unknown state: ask the client to close it.
  return json(errorBody(code, message, field), status, status === 413 ? { connection: 'close' } : {});
}

const storefrontDomains = siteSettings().domains;

/**
 * The storefront of an API call from its locale + sid query pair; a missing or mismatched pair is a 400,
 * and so is a pair naming another storefront than the Host the call came to (Astro builds `url` from it).
 */
export function requireStore(url: URL): { locale: LocaleCode; sid: number } {
  const q = parseStoreQuery(url.searchParams);
  if (!q.ok) throw new DomainError(q.code, q.message);
  const hostLocale = localeForHost(url.host, storefrontDomains);
  if (hostLocale !== q.locale)
    throw new DomainError(
      'bad_locale',
      hostLocale
        ? `locale ${q.locale} is not the storefront of ${url.hostname} (that is ${hostLocale}): call each storefront on its own domain`
        : `${url.hostname} is not a storefront domain of this server`,
    );
  return { locale: q.locale, sid: q.sid };
}

/** Reads at most `limit` bytes of JSON: a larger body is a 413, malformed JSON a 400. */
export async function readJsonBody(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<unknown> {
  if (Number(request.headers.get('content-length') ?? '0') > limit) throw new BodyTooLargeError(`request body exceeds ${limit} bytes`);
  const type = request.headers.get('content-type') ?? '';
  if (type && !/^application\/json\b|^text\/plain\b/i.test(type))
    throw new DomainError('unsupported_media_type', 'send the body as application/json');
  const text = await readTextBody(request, limit);
  // NUL cannot be stored in PostgreSQL text and has no business in any field: refuse it up front.
  if (text.includes('\0') || /\\u0000/i.test(text)) throw new BadJsonError('NUL characters are not accepted');
  try {
    return JSON.parse(text);
  } catch {
    throw new BadJsonError('the body is not valid JSON');
  }
}

/** Reads at most `limit` bytes of a body as UTF-8 text (as sent: signatures are checked over it); larger is a 413. */
export async function readTextBody(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw new BodyTooLargeError(`request body exceeds ${limit} bytes`);
  if (!request.body) throw new BadJsonError('a JSON body is required');
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(() => {});
        throw new BodyTooLargeError(`request body exceeds ${limit} bytes`);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new BodyTooLargeError('request body could not be read within the size limit');
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** zod validation with a readable first issue as the message. */
export function validate<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new InvalidRequestError(`${where}${issue?.message ?? 'invalid request'}`);
}

export function queryObject(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}

/**
 * The database is unreachable (src/server/db/unavailable.ts): 503 service_unavailable with Retry-After, and
 * one short log line instead of a stack per request (an outage under load would flood the log).
 */
export function serviceUnavailable(method: string, pathname: string, err: unknown): Response {
  const why = err instanceof Error ? `${(err as { code?: string }).code ?? err.name}: ${err.message}` : String(err);
  log.warn({ method, route: endpointLabel(pathname), err: why }, 'database unavailable');
  return json(errorBody('service_unavailable', SERVICE_UNAVAILABLE_MESSAGE), 503, {
    'retry-after': String(RETRY_AFTER_SECONDS),
  });
}

/**
 * Wraps an endpoint: a DomainError → its JSON answer, the one place a refusal becomes HTTP (the status of its
 * code, docs/product/errors.md#domain-errors); the database unreachable → 503 JSON; anything else → 500 JSON
 * without internals.
 * The middleware's boundary would do the latter too; here the API is self-contained.
 */
export function endpoint<C extends { request: Request; url: URL }>(handler: (ctx: C) => Promise<Response> | Response) {
  return async (ctx: C): Promise<Response> => {
    try {
      return await handler(ctx);
    } catch (err) {
      if (err instanceof DomainError) return errorResponse(err.status, err.code, err.message, err.field);
      if (isDatabaseUnavailable(err)) return serviceUnavailable(ctx.request.method, ctx.url.pathname, err);
      log.error({ err, method: ctx.request.method, route: endpointLabel(ctx.url.pathname) }, 'request failed');
      return errorResponse(500, 'internal_error', 'Internal server error');
    }
  };
}

/** For the methods an endpoint does not serve (Astro's `ALL` export): 405 JSON with Allow. */
export function methodNotAllowed(allowed: string[]) {
  return (): Response => {
    const r = errorResponse(405, 'method_not_allowed', `use ${allowed.join(' or ')}`);
    r.headers.set('allow', allowed.join(', '));
    return r;
  };
}
