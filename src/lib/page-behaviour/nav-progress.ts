/**
 * The navigation progress bar (docs/product/layout.md#navigation-progress-bar, SPEC §9): shown only when a
 * navigation to another page takes longer than the throttle, its bar growing over at most the duration.
 */

/** A navigation that arrives within this shows no bar at all. */
export const NAV_PROGRESS_THROTTLE_MS = 200;
/** The bar's growth (to 90 %: a page that has not arrived is not done) lasts this long. */
export const NAV_PROGRESS_DURATION_MS = 5000;
/** A navigation the browser gave up without telling (a download answer, a 204) takes the bar away after this. */
export const NAV_PROGRESS_GIVE_UP_MS = 30_000;

/** What the Navigation API's navigate event tells of a navigation. */
export interface NavigationFacts {
  sameDocument: boolean;
  hashChange: boolean;
  /** `<a download>`: the page stays. */
  download: boolean;
}

/** Only a navigation that replaces this page gets a bar; an in-page one (a listing's filters, a hash) has its own state. */
export function leavesPage(f: NavigationFacts): boolean {
  return !f.sameDocument && !f.hashChange && !f.download;
}

/** Without the Navigation API: what a click on a link tells. */
export interface LinkClick {
  href: string;
  target: string;
  download: boolean;
  /** The click was already handled by the page (an island), or opened a new tab or window (modifier keys, middle button). */
  handled: boolean;
}

/** A plain click on a link to another page of this tab (not a hash on this page). */
export function linkLeavesPage(click: LinkClick, here: URL): boolean {
  if (click.handled || click.download || (click.target && click.target !== '_self')) return false;
  let url: URL;
  try {
    url = new URL(click.href, here);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return !(url.origin === here.origin && url.pathname === here.pathname && url.search === here.search && url.hash !== '');
}
