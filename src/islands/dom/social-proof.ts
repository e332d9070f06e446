/**
 * Social proof on the product page (docs/product/tracking.md#social-proof): the view is counted at once (the
 * sku only, no visitor data, so no consent is needed); after SOCIAL_PROOF_DELAY_MS the `productpurchase` slice
 * takes the visitor's experiments, and where a hint is `shown` the counts are asked for and the hints above
 * their thresholds are written into the line the page reserved for them. Failures are silent.
 */
import {
  hintsToShow,
  isShown,
  BOUGHT_TODAY_EXPERIMENT,
  RECENT_VIEWS_EXPERIMENT,
  SOCIAL_PROOF_DELAY_MS,
} from '#lib/tracking/social-proof.ts';
import { productPurchase, type ProductPurchaseState } from '#stores/productpurchase.ts';
import { variantFor } from '#stores/experiment.ts';
import { stockDatesOn } from './stock-dates.ts';
import { getProductActivity, postProductView } from '#api-client/tracking.ts';
import type { ProductTrackingProps } from './tracking-ecommerce.ts';

/** The slice from the experiments: anything but `shown` hides a hint; dates per the stock_dates choice (stock-dates.ts). */
export function productPurchaseFlags(): ProductPurchaseState {
  return {
    productViewsRecently: isShown(variantFor(RECENT_VIEWS_EXPERIMENT)),
    itemsBoughtToday: isShown(variantFor(BOUGHT_TODAY_EXPERIMENT)),
    stockStatusDates: stockDatesOn(),
  };
}

function line(testid: string, text: string): HTMLElement {
  const span = document.createElement('span');
  span.className = 'social-proof__hint';
  span.dataset.testid = testid;
  span.textContent = text;
  return span;
}

export function showSocialProof(): void {
  const el = document.querySelector<HTMLElement>('[data-testid="social-proof"]');
  const text = document.getElementById('pf-product-tracking')?.textContent;
  if (!el || !text) return;
  const props = JSON.parse(text) as ProductTrackingProps;
  const sku = props.item.item_id;
  void postProductView({ sku }).catch(() => {});
  // after the wait: by then the experiments are set up (src/islands/dom/experiments.ts), and only a visitor
  // who stayed is counted as exposed to these two experiments
  setTimeout(() => {
    const flags = productPurchaseFlags();
    productPurchase.set(flags);
    if (!flags.productViewsRecently && !flags.itemsBoughtToday) return;
    void getProductActivity(sku)
      .then((r) => {
        if (!r.ok || !r.data) return;
        const hints = hintsToShow(r.data, flags);
        const parts: HTMLElement[] = [];
        if (hints.viewedRecently !== null)
          parts.push(line('social-proof-viewed', props.t.viewed.replace('{{n}}', String(hints.viewedRecently))));
        if (hints.boughtToday !== null) parts.push(line('social-proof-bought', props.t.bought.replace('{{n}}', String(hints.boughtToday))));
        el.replaceChildren(...parts);
      })
      .catch(() => {});
  }, SOCIAL_PROOF_DELAY_MS);
}
