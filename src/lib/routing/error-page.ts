/**
 * The error page as a plain string (docs/product/layout.md#error-page): an icon and a message, status 500 by default.
 * Plain string templating on purpose: it must render even when components, data or i18n are what failed.
 */
export interface ErrorPageInput {
  status?: number;
  message?: string;
  title?: string;
  homeLabel?: string;
  homeHref?: string;
  lang?: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function errorStatus(error: unknown): number {
  const s = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof s === 'number' && s >= 400 && s <= 599 ? s : 500;
}

export function renderErrorPage(input: ErrorPageInput): string {
  const status = input.status ?? 500;
  const title = input.title ?? 'Error';
  const message = input.message ?? 'An unexpected error occurred.';
  return (
    `<!doctype html><html lang="${escape(input.lang ?? 'en')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${status} ${escape(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;text-align:center;padding:48px 16px"><main class="error-page" data-testid="error-page" data-status="${status}">` +
    `<div aria-hidden="true" style="font-size:48px">⚠</div><h1>${escape(title)}</h1><p data-testid="error-message">${escape(message)}</p>` +
    `<p><a href="${escape(input.homeHref ?? '/')}">${escape(input.homeLabel ?? 'Home')}</a></p></main></body></html>`
  );
}

/** Last resort when even the error page failed: a message with a link home (docs/product/errors.md#server-errors). */
export const FALLBACK_ERROR_HTML = '<!doctype html><title>Error</title><p>Something went wrong. <a href="/">Go to the home page</a></p>';
