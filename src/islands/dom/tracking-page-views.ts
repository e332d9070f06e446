/**
 * Page views (docs/product/tracking.md#page-views): 250 ms after a navigation — the page load, a listing
 * swapped in under a new address (`pf:content`), back/forward — a `page_view` goes to the dataLayer, once per
 * address in a row. One-shot query parameters (login tokens) are left out; personal pages are reported by
 * their route's pattern only.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { PAGE_VIEW_DELAY_MS, pageViewEvent } from '#lib/tracking/page-view.ts';
import { withoutOneShot } from '#lib/page-behaviour/query-params.ts';
import { trackEvent } from './tracking-datalayer.ts';

export function watchPageViews(locale: LocaleCode): void {
  const route = document.documentElement.dataset.route ?? '';
  const noindex = document.querySelector('meta[name="robots"][content~="noindex"]') !== null;
  let last = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let referrer = document.referrer;
  const navigated = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const url = new URL(location.pathname + withoutOneShot(location.search), location.origin);
      const key = url.pathname + url.search;
      if (key === last) return;
      if (last) referrer = location.origin + last;
      last = key;
      trackEvent(pageViewEvent({ url, title: document.title, referrer, locale, route, noindex }));
    }, PAGE_VIEW_DELAY_MS);
  };
  navigated();
  addEventListener('popstate', navigated);
  document.addEventListener('pf:content', navigated);
}
