/**
 * The navigation progress bar (test id nav-progress; docs/product/layout.md#navigation-progress-bar): a
 * navigation to another page that has not arrived after the throttle shows a bar growing over the duration
 * (CSS, still under reduced motion); the next page's arrival replaces this one. Navigations come from the
 * Navigation API, or from link clicks and form posts where a browser lacks it.
 */
import {
  leavesPage,
  linkLeavesPage,
  NAV_PROGRESS_DURATION_MS,
  NAV_PROGRESS_GIVE_UP_MS,
  NAV_PROGRESS_THROTTLE_MS,
} from '#lib/page-behaviour/nav-progress.ts';

interface NavigateEventLike extends Event {
  destination: { sameDocument: boolean };
  hashChange: boolean;
  downloadRequest: string | null;
  signal: AbortSignal;
}

export function wireNavProgress(): void {
  const bar = document.querySelector<HTMLElement>('[data-testid="nav-progress"]');
  if (!bar) return;
  bar.style.setProperty('--nav-progress-duration', `${NAV_PROGRESS_DURATION_MS}ms`);
  let show: ReturnType<typeof setTimeout> | undefined;
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  const hide = () => {
    clearTimeout(show);
    clearTimeout(giveUp);
    show = giveUp = undefined;
    bar.classList.remove('is-running');
    bar.hidden = true;
  };
  const start = () => {
    if (show) return;
    show = setTimeout(() => {
      bar.hidden = false;
      void bar.offsetWidth; // lay out the empty bar first, so its growth is a transition
      bar.classList.add('is-running');
      giveUp = setTimeout(hide, NAV_PROGRESS_GIVE_UP_MS);
    }, NAV_PROGRESS_THROTTLE_MS);
  };
  // a page restored from the back/forward cache must not come back with its bar running
  addEventListener('pageshow', hide);
  addEventListener('pagehide', hide);

  const navigation = (window as Window & { navigation?: EventTarget }).navigation;
  if (navigation) {
    navigation.addEventListener('navigate', (event) => {
      const e = event as NavigateEventLike;
      if (!leavesPage({ sameDocument: e.destination.sameDocument, hashChange: e.hashChange, download: e.downloadRequest !== null })) return;
      start();
      e.signal.addEventListener('abort', hide); // stopped, or overtaken by another navigation
    });
    navigation.addEventListener('navigateerror', hide);
    return;
  }
  // bubbling to the window: an island that handled the click itself has prevented its default by then
  addEventListener('click', (e) => {
    const a = (e.target as Element | null)?.closest?.('a');
    if (!a) return;
    const handled = e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;
    if (linkLeavesPage({ href: a.href, target: a.target, download: a.hasAttribute('download'), handled }, new URL(location.href))) start();
  });
  addEventListener('submit', (e) => {
    if (!e.defaultPrevented) start();
  });
}
