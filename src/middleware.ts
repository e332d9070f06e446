/**
 * Request chain (small middlewares composed with sequence(), as in bigcommerce/catalyst):
 * 1. storefront: which locale this request belongs to (internal path prefix /{locale}/…);
 * 2. errorBoundary: a thrown error becomes the error page, or a JSON error under /api/* (src/lib/route-errors.ts);
 *    the database unreachable is a 503 with Retry-After (src/server/db/unavailable.ts), not a 500.
 * Outermost, securityHeaders: an HTML answer gets the CSP with its own inline scripts' hashes (docs/product/security.md);
 * the page preview's may name the back office as its one frame ancestor.
 * backoffice: pages under /backoffice answer only on the admin host, never cached, never framed, never indexed
 * (docs/product/back-office.md#host).
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { isLocaleCode } from '#lib/market/locales.ts';
import { errorResponse, unavailableResponse } from '#lib/routing/route-errors.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '#server/db/unavailable.ts';
import { withHtmlCsp } from '#host/security-headers.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { adminDomain, BACKOFFICE_PREFIX, isAdminHost } from '#lib/backoffice/backoffice-paths.ts';
import { framesStorefronts, framingPolicy } from '#lib/security/security-headers.ts';
import { matchInternalPath } from '#lib/routing/routes.ts';
import { backofficeOrigin, siteSettings } from '#server/market/site-settings.ts';

const log = loggerFor('pages');

const storefront = defineMiddleware((context, next) => {
  const first = context.url.pathname.split('/')[1];
  if (isLocaleCode(first)) context.locals.locale = first;
  return next();
});

const ADMIN_DOMAIN = adminDomain(process.env);

const backoffice = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (pathname !== BACKOFFICE_PREFIX && !pathname.startsWith(`${BACKOFFICE_PREFIX}/`)) return next();
  if (!isAdminHost(context.request.headers.get('host') ?? context.url.host, ADMIN_DOMAIN))
    return new Response('This page could not be found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const response = await next();
  const headers = {
    'cache-control': 'no-store',
    'x-frame-options': 'DENY',
    'x-robots-tag': 'noindex, nofollow',
  };
  try {
    for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
    return response;
  } catch {
    // Immutable headers (a Response we did not build): copy it.
    const copy = new Response(response.body, response);
    for (const [k, v] of Object.entries(headers)) copy.headers.set(k, v);
    return copy;
  }
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

const BACKOFFICE_ORIGIN = backofficeOrigin(process.env);
const STOREFRONT_ORIGINS = Object.values(siteSettings(process.env).origins);

const securityHeaders = defineMiddleware(async (context, next) => {
  // the studio's preview may be framed by the back office, every other page by nobody; the studio frames the
  // storefronts' preview (docs/product/content-studio.md#preview)
  const { pathname } = context.url;
  const framing = framingPolicy(matchInternalPath(pathname)?.name, BACKOFFICE_ORIGIN);
  return withHtmlCsp(await next(), {
    frameAncestors: framing.denyHeader ? undefined : framing.frameAncestors,
    frameSrc: framesStorefronts(pathname) ? STOREFRONT_ORIGINS : undefined,
  });
});

export const onRequest = sequence(securityHeaders, backoffice, storefront, errorBoundary);
