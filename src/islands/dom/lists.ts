/**
 * The lists page's browser side (docs/product/lists.md): a form that sends the cart (save it for later, add it to a
 * list) carries the cart's lines as `sku:qty;…` — the cart lives in the browser; the server resolves and prices
 * them again. "Add all to cart" adds a list's lines in one sync, as quick order does; restoring the saved cart
 * replaces the cart's lines with the saved ones (docs/product/lists.md#saved-cart).
 */
import { parseAtc } from '#lib/page-behaviour/query-params.ts';
import { cart, preloadAtc, setCartItems } from '#stores/cart.ts';

/** The cart's lines as the forms send them; lines of a bundle, a coupon or a cross-sell go as plain lines. */
export const cartLinesText = (items: readonly { sku: string; quantity: number }[]): string =>
  items
    .filter((i) => i.sku && i.quantity > 0)
    .map((i) => `${i.sku}:${i.quantity}`)
    .join(';');

export function wireLists(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-cart-form]')) {
    form.addEventListener('submit', () => {
      const field = form.querySelector<HTMLInputElement>('input[name="cart"]');
      if (field) field.value = cartLinesText(cart.get().items);
    });
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-atc]')) {
    const status = button.closest('section')?.querySelector<HTMLElement>('[role="status"][hidden]');
    button.addEventListener('click', () => {
      button.disabled = true;
      if (button.hasAttribute('data-replace')) setCartItems([]);
      void preloadAtc(parseAtc(button.dataset.atc)).then(() => {
        if (status) status.hidden = false;
      });
    });
  }
}
