/** Runs `fn` each time this page is restored from the back/forward cache (docs/product/client-state.md#backforward-cache). */
export function onRestore(fn: () => void): void {
  addEventListener('pageshow', (e) => {
    if (e.persisted) fn();
  });
}
