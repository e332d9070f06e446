/**
 * Stock status as dates (docs/product/tracking.md#stock-status-dates): whether the delivery estimate shows
 * dates, kept in the `productpurchase` slice as `stockStatusDates`. The current address's `stock_dates`
 * override decides for that page; otherwise the visitor's variant of the stock_dates experiment when it runs
 * (an override made earlier in the tab wins there, as for every experiment); otherwise dates — the shop's
 * default while the experiment does not run. `default_format` turns dates off: back-orders read "out of stock".
 */
import { experiment, variantFor } from '#stores/experiment.ts';
import { productPurchase } from '#stores/productpurchase.ts';

const EXPERIMENT = 'stock_dates';

function decide(): boolean {
  const param = new URLSearchParams(location.search).get(EXPERIMENT);
  if (param === 'days_date_format' || param === 'default_format') return param === 'days_date_format';
  if (!experiment.get().variants[EXPERIMENT]) return true;
  return variantFor(EXPERIMENT) !== 'default_format';
}

/** The decision for this page, written to the slice. */
export function stockDatesOn(): boolean {
  let on = true;
  try {
    on = decide();
  } catch {
    /* experiment set-up fails silently: the default */
  }
  if (productPurchase.get().stockStatusDates !== on) productPurchase.set({ ...productPurchase.get(), stockStatusDates: on });
  return on;
}

/** The variant arrives after the page's first rendering (GET /api/experiments): `off` runs when dates switch off then. */
export function onStockDatesOff(off: () => void): void {
  let shown = productPurchase.get().stockStatusDates;
  experiment.listen(() => {
    const on = stockDatesOn();
    if (on !== shown && !on) off();
    shown = on;
  });
}
