/**
 * Quick order's "add to cart" (docs/product/quick-order.md): the found lines, as the server resolved them, go to the
 * cart in one sync (the same path as an atc link: the server prices them), and the cart opens.
 */
import { parseAtc } from '#lib/page-behaviour/query-params.ts';
import { preloadAtc } from '#stores/cart.ts';

export function wireQuickOrder(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-testid="quick-order-add"]');
  if (!button) return;
  const added = document.querySelector<HTMLElement>('[data-testid="quick-order-added"]');
  button.addEventListener('click', () => {
    button.disabled = true;
    void preloadAtc(parseAtc(button.dataset.atc)).then(() => {
      if (added) added.hidden = false;
    });
  });
}
