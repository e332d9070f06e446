/** Pages shown again from the back/forward cache (docs/product/client-state.md#backforward-cache). */
import { isPersonalPage } from '#lib/tracking/page-view.ts';

/** Runs `fn` each time this page is restored from the back/forward cache. */
export function onRestore(fn: () => void): void {
  addEventListener('pageshow', (e) => {
    if (e.persisted) fn();
  });
}

/**
 * Personal pages (checkout, confirmation, my account, my order …) answer `no-store`, so Chromium never keeps them;
 * a browser that keeps one anyway shows it loaded afresh, never as it was.
 */
export function reloadPersonalPageOnRestore(): void {
  const noindex = document.querySelector('meta[name="robots"][content~="noindex"]') !== null;
  if (isPersonalPage(document.documentElement.dataset.route ?? '', noindex)) onRestore(() => location.reload());
}
