/**
 * What a thrown route error becomes (docs/product/errors.md#server-errors): the error page with the error's status (default 500) and
 * message for pages; a JSON error for /api/* (no internals for 5xx); if rendering the error page itself
 * fails, a message with a link home.
 */
import { errorBody } from '#lib/api/errors.ts';
import { errorStatus, FALLBACK_ERROR_HTML, renderErrorPage } from './error-page.ts';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from './routes.ts';

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
