/**
 * Which links the storefront fetches (and, where the browser can, prerenders) ahead on hover or focus
 * (docs/product/client-state.md#prefetch, docs/adr/0028-client-navigation.md): prerendered catalogue pages of this storefront only — never checkout,
 * account or other on-demand pages (the route table's render mode decides) — and never on a 2g, slow-2g or
 * data-saver connection (SPEC §9).
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { matchPublicPath } from '#lib/routing/routes.ts';

/** A pointer that rests this long on a link means intent; one passing over it fetches nothing. */
export const PREFETCH_HOVER_MS = 80;

/**
 * Pages prerendered at once (a browser with speculation rules): the last ones hovered. A prerender runs a whole page
 * in the background; the oldest one is dropped when another starts.
 */
export const MAX_PRERENDERS = 2;

/** The mark the hover puts on a link whose page is to be prerendered now. */
export const PRERENDER_ATTRIBUTE = 'data-prerender';

const MARKED_LINKS = { source: 'document', where: { selector_matches: `a[${PRERENDER_ATTRIBUTE}]` }, eagerness: 'immediate' };

/**
 * The storefront pages' one set of speculation rules (BodyEnd.astro, allowed by its hash in the page's CSP): fetch
 * and prerender at once the pages of the links the hover marked. The hover decides which (prefetchTarget, the
 * connection); the rules only carry it out, so the text is the same on every page.
 */
export const SPECULATION_RULES = JSON.stringify({ prefetch: [MARKED_LINKS], prerender: [MARKED_LINKS] });

/** What navigator.connection tells (Network Information API; absent in some browsers). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** Data saver on, or an effective type of 2g or slow-2g. */
export function slowConnection(connection: ConnectionHints | undefined): boolean {
  return Boolean(connection?.saveData) || /2g/.test(connection?.effectiveType ?? '');
}

/** The address to prefetch for a link, or undefined when it is not a catalogue page worth fetching ahead. */
export function prefetchTarget(href: string, here: URL, locale: LocaleCode): string | undefined {
  let url: URL;
  try {
    url = new URL(href, here);
  } catch {
    return undefined;
  }
  if (url.origin !== here.origin) return undefined;
  // a query is an action (?atc=, ?disc=, ?login …) or a filter the page applies itself, not another page
  if (url.search) return undefined;
  if (url.pathname === here.pathname) return undefined;
  // the API and files (an invoice PDF, the sitemap) fall under the content catch-all of the route table
  if (url.pathname.startsWith('/api/') || /\.[a-z0-9]+$/i.test(url.pathname)) return undefined;
  const route = matchPublicPath(locale, url.pathname);
  return route?.mode === 'static' ? url.origin + url.pathname : undefined;
}
