/**
 * Fetches a catalogue page ahead while the pointer rests on a link to it, or the keyboard focuses one
 * (docs/product/client-state.md#prefetch, docs/adr/0028-client-navigation.md), so the click finds it in the
 * browser's prefetch cache. Which links and which connections: src/lib/page-behaviour/prefetch-rules.ts.
 * One delegated listener pair covers the links islands add later (search dropdown, mini cart).
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { PREFETCH_HOVER_MS, prefetchTarget, slowConnection, type ConnectionHints } from '#lib/page-behaviour/prefetch-rules.ts';

const fetched = new Set<string>();

function prefetch(url: string): void {
  fetched.add(url);
  const link = document.createElement('link');
  if (link.relList.supports('prefetch')) {
    link.rel = 'prefetch';
    link.as = 'document';
    link.href = url;
    document.head.append(link);
  } else {
    // no <link rel=prefetch> (Safari): a low-priority fetch still leaves the page in the HTTP cache
    void fetch(url, { priority: 'low', credentials: 'same-origin' }).catch(() => undefined);
  }
}

export function wirePrefetch(locale: LocaleCode): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const intent = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.('a');
    if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
    // asked at every hover: a connection can turn slow or data saver be switched on while the page is open
    const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
    if (!navigator.onLine || slowConnection(connection)) return;
    const url = prefetchTarget(a.href, new URL(location.href), locale);
    if (!url || fetched.has(url)) return;
    cancel();
    timer = setTimeout(() => prefetch(url), PREFETCH_HOVER_MS);
  };
  document.addEventListener('mouseover', intent, { passive: true });
  document.addEventListener('focusin', intent);
  document.addEventListener('mouseout', cancel, { passive: true });
  document.addEventListener('focusout', cancel);
}
