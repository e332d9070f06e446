/**
 * "Ask for a quote" on /my-account/quotes (docs/product/quotes.md#asking): the cart lives in the browser, so its lines
 * (sku and quantity; the server prices them) go into the form's hidden field, kept up to date while the page is open.
 */
import { cart } from '#stores/cart.ts';

export function wireQuoteRequest(): void {
  const form = document.querySelector<HTMLFormElement>('[data-testid="quotes-ask-form"]');
  const lines = form?.querySelector<HTMLInputElement>('input[name="lines"]');
  const count = form?.querySelector<HTMLElement>('[data-testid="quotes-ask-lines"]');
  const empty = form?.querySelector<HTMLElement>('[data-testid="quotes-ask-empty"]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !lines || !count || !empty || !button) return;
  const show = () => {
    const items = cart.get().items.filter((i) => i.quantity > 0);
    lines.value = JSON.stringify(items.map((i) => ({ sku: i.sku, quantity: i.quantity })));
    count.textContent = (count.dataset.template ?? '').replace('#', String(items.length));
    count.hidden = items.length === 0;
    empty.hidden = items.length > 0;
    button.disabled = items.length === 0;
  };
  show();
  cart.listen(show);
}
