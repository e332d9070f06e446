/**
 * Client error handling (docs/product/client-state.md): unhandled errors are posted to /captuerr; a failed chunk load
 * (a deploy replaced the build under an open page) reloads the page, at most once per 60 seconds.
 */
import { isChunkLoadError, shouldReloadForChunk } from '#lib/page-behaviour/chunk-reload.ts';
import { reportClientError } from '#api-client/telemetry.ts';

const KEY = 'td02:chunk-reload';

export function reloadForChunk(): void {
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? NaN);
    if (!shouldReloadForChunk(Number.isFinite(last) ? last : null, Date.now())) return;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    /* storage disabled: reload anyway, the browser's own loop guard applies */
  }
  location.reload();
}

function report(error: string, stack?: string): void {
  reportClientError({
    error: error.slice(0, 2000),
    level: 'error',
    stack: stack?.slice(0, 16_000),
    userAgent: navigator.userAgent.slice(0, 512),
    url: location.href.slice(0, 2048),
  });
}

export function watchClientErrors(): void {
  addEventListener('error', (e) => report(e.message || 'error', (e.error as Error | undefined)?.stack));
  addEventListener('unhandledrejection', (e) => {
    if (isChunkLoadError(e.reason)) return reloadForChunk();
    const err = e.reason instanceof Error ? e.reason : new Error(String(e.reason));
    report(err.message, err.stack);
  });
}
