/**
 * Add-to-cart buttons (product page, cards): plain buttons carrying their product as JSON, one
 * delegated listener. Enabled once this runs; the product page also records a recent view.
 */
import type { CartProductInput } from '#lib/cart/product-input.ts';
import { addToCart } from '#stores/cart.ts';
import { viewed } from '#stores/history.ts';

const SELECTOR = 'button[data-testid="add-to-cart"][data-product]';
const productOf = (el: HTMLElement) => JSON.parse(el.dataset.product!) as CartProductInput;

/** The product page's subscription choice (SubscriptionChoice.astro), if one other than one-off is checked. */
function chosenInterval(b: HTMLElement): { name: string; months: number } | null {
  if (b.dataset.variant !== 'page') return null;
  const input = document.querySelector<HTMLInputElement>('input[name="subscription-interval"]:checked');
  return input?.value ? { name: input.dataset.name ?? '', months: Number(input.value) } : null;
}

export function wireAddToCart(): void {
  for (const b of document.querySelectorAll<HTMLButtonElement>(SELECTOR)) b.disabled = b.dataset.orderable === 'false';
  document.addEventListener('click', (e) => {
    const b = (e.target as Element | null)?.closest<HTMLButtonElement>(SELECTOR);
    if (b && !b.disabled) addToCart(productOf(b), 1, true, chosenInterval(b));
  });
}

/** A product page's visit: the product joins the recently viewed list. */
export function recordProductView(): void {
  const page = document.querySelector<HTMLElement>(`${SELECTOR}[data-variant="page"]`);
  if (!page) return;
  const p = productOf(page);
  viewed({ sku: p.sku, name: p.name, url: p.url, thumb: p.thumb, images: { thumb: p.thumb } });
}
