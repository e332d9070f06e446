/**
 * Request chain (small middlewares composed with sequence(), as in bigcommerce/catalyst):
 * 1. storefront: which locale this request belongs to (internal path prefix /{locale}/…);
 * 2. errorBoundary: a thrown error becomes the error page, or a JSON error under /api/* (src/lib/route-errors.ts);
 *    the database unreachable is a 503 with Retry-After (src/server/db/unavailable.ts), not a 500.
 * Outermost, securityHeaders: an HTML answer gets the CSP with its own inline scripts' hashes (docs/product/security.md).
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { isLocaleCode } from '#lib/market/locales.ts';
import { errorResponse, unavailableResponse } from '#lib/routing/route-errors.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '#server/db/unavailable.ts';
import { withHtmlCsp } from '#host/security-headers.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('pages');

const storefront = defineMiddleware((context, next) => {
  const first = context.url.pathname.split('/')[1];
  if (isLocaleCode(first)) context.locals.locale = first;
  return next();
});

const errorBoundary = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      // an outage: one line, not a stack per request (docs/product/performance.md#faults)
      log.warn({ method: context.request.method, route: context.routePattern, err: String(error) }, 'database unavailable');
      return unavailableResponse(context.url.pathname, context.locals.locale, RETRY_AFTER_SECONDS);
    }
    log.error({ err: error, method: context.request.method, route: context.routePattern }, 'page failed');
    return errorResponse(error, context.url.pathname, context.locals.locale);
  }
});

const securityHeaders = defineMiddleware(async (_context, next) => withHtmlCsp(await next()));

export const onRequest = sequence(securityHeaders, storefront, errorBoundary);
