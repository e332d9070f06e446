/**
 * Pages prerendered ahead of a click (docs/adr/0028-client-navigation.md, docs/product/client-state.md#prefetch):
 * Chromium runs a prerendered page's scripts before the shopper sees it, perhaps never. What a visit does — page
 * views, experiment exposures, the breadcrumb and recently viewed history, campaign data — waits until the page is
 * shown; drawing the page from the visitor's state does not.
 */

const prerendering = (): boolean => (document as Document & { prerendering?: boolean }).prerendering === true;

/**
 * Runs `fn` now, or once the prerendered page is shown (activated) and has painted — the click shows the finished
 * page at once and the visit's work follows; never while it is still hidden.
 */
export function whenShown(fn: () => void): void {
  if (!prerendering()) return fn();
  // two frames on: the activated page's first frame is on screen before the visit's work takes the main thread
  const afterFirstFrame = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(fn, 0)));
  document.addEventListener('prerenderingchange', afterFirstFrame, { once: true });
}
