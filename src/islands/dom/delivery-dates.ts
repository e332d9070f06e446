/**
 * Delivery dates of the stock lines (StockStatus.astro) in the visitor's browser: static HTML carries the
 * working-day counts, this writes the dates. Run on load and on every listing grid swapped in (listing-effect.ts).
 */
import { deliveryEstimate, formatDeliveryDate } from '#lib/catalogue/delivery-estimate.ts';
import { stockDatesOn } from './stock-dates.ts';

export function showDeliveryDates(root: ParentNode = document): void {
  // stock_dates=default_format (docs/product/delivery-estimates.md#dates-off-back-order-as-out-of-stock) turns delivery dates off: back-orders then read "out of stock".
  // The page's override, else the stock_dates experiment (src/islands/dom/stock-dates.ts, the productpurchase slice).
  const datesOn = stockDatesOn();
  const now = new Date();
  const today = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
  for (const el of root.querySelectorAll<HTMLElement>('[data-testid="stock-status"]')) {
    const d = el.dataset;
    const e = deliveryEstimate(d.status ?? '', today, datesOn);
    const label = el.querySelector('.stock__label');
    const out = el.querySelector('.stock__delivery');
    if (e.kind === 'status') {
      if (e.status !== d.status && label) {
        label.textContent = d.tOut ?? '';
        out?.remove();
      }
      continue;
    }
    if (!out) continue;
    const fmt = (x: Date) => formatDeliveryDate(x, d.iso ?? 'en');
    out.textContent =
      d.style === 'end'
        ? (d.tEnd ?? '').replace('{{to}}', fmt(e.to))
        : (d.tRange ?? '').replace('{{from}}', fmt(e.from)).replace('{{to}}', fmt(e.to));
    out.setAttribute('data-to', e.to.toISOString().slice(0, 10));
  }
}
