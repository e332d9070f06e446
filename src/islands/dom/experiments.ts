/**
 * Experiment set-up of every page (docs/product/experiments.md#assignment): asks the storefront for its running
 * experiments (HTTP-cached) and assigns the tab's visitor; a failure is silent and leaves the failure defaults.
 * Watches this tab's cart for add-to-carts (another tab's changes arrive as storage events and are not ours),
 * and sends what is queued — only with statistics consent.
 */
import { changesFromElsewhere } from './page-restore.ts';
import { cart } from '#stores/cart.ts';
import { applyRunning, flushExperimentEvents, recordAddToCart, setUpFailed } from '#stores/experiment.ts';
import { fetchRunningExperiments } from '#api-client/experiments.ts';
import { cartAdditions } from '#lib/experiments/client-state.ts';

async function loadRunning(): Promise<void> {
  try {
    const answer = await fetchRunningExperiments();
    if (answer) applyRunning(answer);
    else setUpFailed();
  } catch {
    setUpFailed();
  }
}

function watchCart(): void {
  // a change another tab or page brought (docs/product/client-state.md#backforward-cache) is no add-to-cart here
  const elsewhere = changesFromElsewhere('td02:cart');
  cart.listen((next, before) => {
    if (elsewhere() || !before) return;
    for (const a of cartAdditions(before.items, next.items)) recordAddToCart(a.sku, a.quantity);
  });
}

export function setUpExperiments(): void {
  watchCart();
  void loadRunning();
  // what is still queued when the visitor leaves (keepalive request)
  addEventListener('pagehide', () => void flushExperimentEvents());
  // consent given in the consent bar (src/islands/dom/consent-bar.ts): the queued exposures may go now
  addEventListener('pf:consent', () => void flushExperimentEvents());
}
