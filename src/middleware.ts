/**
 * Request chain (compose small middlewares with sequence(), as in bigcommerce/catalyst):
 * 1. storefront: which locale this request belongs to (internal path prefix);
 * 2. errorBoundary: any thrown error becomes the error page (status default 500) — or, for /api/*, a JSON error.
 */
import { defineMiddleware, sequence } from 'astro:middleware';
import { isLocaleCode, LOCALES } from './lib/locales';
import { errorStatus, FALLBACK_ERROR_HTML, renderErrorPage } from './lib/error-page';
import { pathFor } from './lib/routes';

const storefront = defineMiddleware((context, next) => {
  const first = context.url.pathname.split('/')[1];
  if (isLocaleCode(first)) context.locals.locale = first;
  return next();
});

const errorBoundary = defineMiddleware(async (context, next) => {
  try {
    return await next();
  } catch (error) {
    const status = errorStatus(error);
    const message = error instanceof Error ? error.message : 'Unknown error';
    console.error(`[${status}] ${context.request.method} ${context.url.pathname}:`, error);
    if (context.url.pathname.startsWith('/api/')) {
      // Never leak internals from the API: a stable code and a generic message for 5xx.
      const body = { error: { code: status >= 500 ? 'internal_error' : 'request_error', message: status >= 500 ? 'Internal server error' : message } };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }
    try {
      const locale = context.locals.locale ?? 'sv';
      const html = renderErrorPage({ status, message, lang: LOCALES[locale].iso, homeHref: pathFor('index', locale) });
      return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
    } catch {
      return new Response(FALLBACK_ERROR_HTML, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
    }
  }
});

export const onRequest = sequence(storefront, errorBoundary);
