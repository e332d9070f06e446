/**
 * Page views for the tag manager (docs/product/tracking.md#page-views): reported 250 ms after a navigation
 * (a page load, a listing swapped in with a new address, back/forward), once per address in a row.
 * Personal pages (checkout, confirmation, my order, invoices, unsubscribe …: never indexed) are reported by
 * their route's pattern, without query or title: their addresses and titles hold keys and order numbers.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { ROUTES, type RouteName } from '#lib/routing/routes.ts';

export const PAGE_VIEW_DELAY_MS = 250;

/** Pages kept out of search engines that are not personal: their real address is reported. */
const PUBLIC_NOINDEX_ROUTES: readonly string[] = ['searchresults', 'not-found'];

export interface PageViewEvent {
  event: 'page_view';
  page_location: string;
  page_path: string;
  page_title: string;
  page_referrer: string;
  /** The storefront (sv, no, da, fi, nl): one container may serve several. */
  page_locale: string;
}

export interface PageFacts {
  /** The page's address, one-shot query parameters (login tokens) already removed. */
  url: URL;
  title: string;
  /** document.referrer, or the previous reported address after an in-page navigation. */
  referrer: string;
  locale: LocaleCode;
  /** The page's route name (html[data-route]) and whether it is kept out of search engines. */
  route: string;
  noindex: boolean;
}

export function isPersonalPage(route: string, noindex: boolean): boolean {
  return noindex && !PUBLIC_NOINDEX_ROUTES.includes(route);
}

/** "/checkout/confirmation/:id" for a personal page of a known route, else "/(personal)". */
export function personalPagePath(route: string, locale: LocaleCode): string {
  const r = (ROUTES as Record<string, { path: Record<LocaleCode, string> } | undefined>)[route];
  return r ? r.path[locale].replace(/\?/g, '') : '/(personal)';
}

/** Another page of the shop as referrer may be personal: only its origin is reported. */
function referrerOf(referrer: string, origin: string): string {
  try {
    return new URL(referrer).origin === origin ? origin + '/' : referrer;
  } catch {
    return '';
  }
}

export function pageViewEvent(p: PageFacts): PageViewEvent {
  const personal = isPersonalPage(p.route, p.noindex);
  const path = personal ? personalPagePath(p.route as RouteName, p.locale) : p.url.pathname + p.url.search;
  return {
    event: 'page_view',
    page_location: p.url.origin + path,
    page_path: path,
    page_title: personal ? p.route || 'personal' : p.title,
    page_referrer: referrerOf(p.referrer, p.url.origin),
    page_locale: p.locale,
  };
}
