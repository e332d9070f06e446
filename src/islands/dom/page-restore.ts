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
 * Changes @nanostores/persistent brings into a store in use (storage `key`) from elsewhere — another tab (`storage`)
 * or, on a restored page, other pages of this tab (`pageshow`): `elsewhere()` is true while they are applied, then
 * `taken` runs. Call once the store is in use, so that the closing listeners run after the library's (a flag reset
 * in a microtask would be reset before them: microtasks run between an event's listeners).
 */
export function changesFromElsewhere(key: string, taken: () => void = () => {}): () => boolean {
  let on = false;
  const close = () => {
    if (!on) return;
    on = false;
    taken();
  };
  addEventListener('storage', (e) => (on = e.key === key || e.key === null), { capture: true });
  addEventListener('pageshow', (e) => (on = e.persisted), { capture: true });
  addEventListener('storage', close);
  addEventListener('pageshow', close);
  return () => on;
}
