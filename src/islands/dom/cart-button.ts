/**
 * The header cart button and count without React: the count follows the cart store (and other tabs);
 * a click toggles the panel, whose React island is mounted on first open.
 */
import { itemCount } from '#stores/cart.ts';
import { cartOpen } from '#stores/ui.ts';

export function wireCartButton(mountPanel: () => void): void {
  const button = document.querySelector<HTMLElement>('[data-testid="minicart-open"]');
  const count = button?.querySelector('[data-testid="cart-count"]');
  if (!button || !count) return;
  itemCount.subscribe((n) => {
    count.textContent = String(n);
  });
  button.addEventListener('click', (e) => {
    e.preventDefault(); // without JS the icon links to checkout
    cartOpen.set(!cartOpen.get());
  });
  cartOpen.subscribe((open) => {
    button.setAttribute('aria-expanded', String(open));
    if (open) mountPanel();
  });
}
