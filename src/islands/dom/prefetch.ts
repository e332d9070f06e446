/**
 * Gets a catalogue page ready while the pointer rests on a link to it, or the keyboard focuses one
 * (docs/product/client-state.md#prefetch, docs/adr/0028-client-navigation.md): a browser with speculation rules
 * prerenders it (the click shows the finished page), another fetches it into its cache. Which links and which
 * connections: src/lib/page-behaviour/prefetch-rules.ts. One delegated listener pair covers the links islands add
 * later (search dropdown, mini cart).
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import {
  MAX_PRERENDERS,
  PREFETCH_HOVER_MS,
  PRERENDER_ATTRIBUTE,
  prefetchTarget,
  slowConnection,
  type ConnectionHints,
} from '#lib/page-behaviour/prefetch-rules.ts';

const fetched = new Set<string>();
/** The links marked for the page's speculation rules (BodyEnd.astro), oldest first, by the address they lead to. */
const marked = new Map<string, HTMLAnchorElement>();
const speculates = (): boolean =>
  HTMLScriptElement.supports?.('speculationrules') === true && document.querySelector('script[type="speculationrules"]') !== null;

/** Marks the link: the rules prerender its page; unmarking the oldest cancels its prerender. */
function prerender(url: string, link: HTMLAnchorElement): void {
  link.setAttribute(PRERENDER_ATTRIBUTE, '');
  marked.set(url, link);
  for (const [old, a] of marked) {
    if (marked.size <= MAX_PRERENDERS) break;
    a.removeAttribute(PRERENDER_ATTRIBUTE);
    marked.delete(old);
  }
}

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
  const withRules = speculates();
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
    if (!url || marked.has(url) || fetched.has(url)) return;
    cancel();
    timer = setTimeout(() => (withRules ? prerender(url, a) : prefetch(url)), PREFETCH_HOVER_MS);
  };
  document.addEventListener('mouseover', intent, { passive: true });
  document.addEventListener('focusin', intent);
  document.addEventListener('mouseout', cancel, { passive: true });
  document.addEventListener('focusout', cancel);
}
