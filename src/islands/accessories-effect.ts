/**
 * The product page's accessories block (docs/product/accessories.md), plain DOM: asks the tab's
 * `accessories` variant (picked once, kept in sessionStorage) and shows that panel; the bundle button adds
 * every bundle line in one action and syncs once. Both panels are in the static HTML and share one grid
 * cell, so showing the other one moves nothing.
 */
import { variantFor } from '#stores/experiment.ts';
import { cart, syncCart } from '#stores/cart.ts';
import { cartOpen } from '#stores/ui.ts';
import { whenShown } from '#islands/dom/when-shown.ts';
import { ACCESSORIES_EXPERIMENT, bundleCartItems, shownPanel, type BundleOffer } from '#lib/catalogue/accessories-cart.ts';

const uuid = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function addBundle(offer: BundleOffer): void {
  const c = cart.get();
  // bundle lines are locked: appended, never merged (addItem would append them too, but re-tier their price)
  cart.set({ ...c, items: [...c.items, ...bundleCartItems(offer, uuid(), uuid)] });
  cartOpen.set(true);
  void syncCart();
}

function wireAccessories(): void {
  const root = document.querySelector<HTMLElement>('[data-accessories]');
  if (!root) return;
  const button = root.querySelector<HTMLButtonElement>('button[data-testid="add-bundle"][data-bundle]');
  const shown = shownPanel(variantFor(ACCESSORIES_EXPERIMENT), !!button);
  root.dataset.variant = shown;
  for (const panel of root.querySelectorAll<HTMLElement>('[data-panel]')) {
    const hidden = panel.dataset.panel !== shown;
    panel.inert = hidden;
    if (hidden) panel.setAttribute('aria-hidden', 'true');
    else panel.removeAttribute('aria-hidden');
  }
  if (!button) return;
  const offer = JSON.parse(button.dataset.bundle!) as BundleOffer;
  button.disabled = false;
  button.addEventListener('click', () => addBundle(offer));
}

// the shown panel is an exposure of the accessories experiment: a prerendered page asks when it is shown
whenShown(() => {
  try {
    wireAccessories();
  } catch (e) {
    console.error(e);
  }
});
