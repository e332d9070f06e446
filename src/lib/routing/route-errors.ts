/**
 * What a thrown route error becomes (docs/product/errors.md#server-errors): the error page with the error's status (default 500) and
 * message for pages; a JSON error for /api/* (no internals for 5xx); if rendering the error page itself
 * fails, a message with a link home.
 */
import { errorBody } from '#lib/api/errors.ts';
import { errorStatus, FALLBACK_ERROR_HTML, renderErrorPage } from './error-page.ts';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from './routes.ts';
import { translator } from '#lib/market/i18n.ts';

export function errorResponse(error: unknown, pathname: string, locale: LocaleCode | undefined, render = renderErrorPage): Response {
  const status = errorStatus(error);
  const message = error instanceof Error ? error.message : 'Unknown error';
  if (pathname.startsWith('/api/') || pathname === '/captuerr') {
    const body = status >= 500 ? errorBody('internal_error', 'Internal server error') : errorBody('request_error', message);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }
  const html = { 'content-type': 'text/html; charset=utf-8' };
  try {
    const code = locale ?? 'sv';
    return new Response(render({ status, message, lang: LOCALES[code].iso, homeHref: pathFor('index', code) }), { status, headers: html });
  } catch {
    return new Response(FALLBACK_ERROR_HTML, { status, headers: html });
  }
}

/** The API's message for service_unavailable (the endpoints' wrapper answers it too: src/server/http/endpoint.ts). */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable; please try again shortly';

/**
 * The database is unreachable (restarting, down): 503 with Retry-After instead of a 500 — JSON
 * service_unavailable under /api/*, else the error page in the storefront's language. Never cached.
 */
export function unavailableResponse(pathname: string, locale: LocaleCode | undefined, retryAfterSeconds: number): Response {
  const headers = { 'cache-control': 'no-store', 'retry-after': String(retryAfterSeconds) };
  if (pathname.startsWith('/api/') || pathname === '/captuerr') {
    const body = errorBody('service_unavailable', SERVICE_UNAVAILABLE_MESSAGE);
    return new Response(JSON.stringify(body), { status: 503, headers: { ...headers, 'content-type': 'application/json' } });
  }
  const code = locale ?? 'sv';
  const t = translator(code);
  const page = renderErrorPage({
    status: 503,
    title: t('errors.unavailable_title'),
    message: t('errors.unavailable'),
    homeLabel: t('errors.back_home'),
    lang: LOCALES[code].iso,
    homeHref: pathFor('index', code),
  });
  return new Response(page, { status: 503, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}
