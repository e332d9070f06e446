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

/**
 * Whether a change of the store behind `key` comes from elsewhere: another tab (a `storage` event) or other pages of
 * this tab while this one was in the back/forward cache (applied on its restoring `pageshow`). @nanostores/persistent
 * applies those changes from its own listeners of the same events, and listener order cannot be relied on (Chromium
 * ran the library's `pageshow` listener before a capture listener registered later), so the flag is raised before
 * the change can come — by a capture `storage` listener, and for a restore already when the page is put away
 * (`pagehide` persisted) — and lowered in a task after the event, when every listener has run (a microtask would run
 * between two listeners of a browser's event). `settled` runs then, with the store as it now is.
 */
export function changesFromElsewhere(key: string, settled: () => void = () => undefined): () => boolean {
  let elsewhere = false;
  const lowerSoon = () =>
    setTimeout(() => {
      elsewhere = false;
      settled();
    }, 0);
  addEventListener(
    'storage',
    (e) => {
      if (e.key !== key || elsewhere) return;
      elsewhere = true;
      lowerSoon();
    },
    { capture: true },
  );
  addEventListener('pagehide', (e) => {
    if (e.persisted) elsewhere = true;
  });
  addEventListener('pageshow', (e) => {
    if (e.persisted) lowerSoon();
  });
  return () => elsewhere;
}
