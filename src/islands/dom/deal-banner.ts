/**
 * Current-deal banner (docs/product/layout.md#deal-banner): shown only between starts_at and expires_at, counts down hh:mm:ss,
 * pauses while the tab is hidden, re-syncs from the clock when visible again, stops at zero.
 */
import type { Deal } from '#lib/api/content-contracts.ts';
import { dealLive, formatHms, secondsLeft } from '#lib/content/deal-countdown.ts';
import { fetchCurrentDeal } from '#api-client/content.ts';
import { isLocaleCode, LOCALES } from '#lib/market/locales.ts';
import { renderPrice } from '#lib/pricing/client-price-display.ts';
import { cart } from '#stores/cart.ts';

export async function showDeal(): Promise<void> {
  const root = document.querySelector<HTMLElement>('[data-deal-banner]');
  if (!root) return;
  let deal: Deal | undefined;
  try {
    const r = await fetchCurrentDeal();
    deal = r.ok ? r.data : undefined;
  } catch {
    /* deal errors are ignored (docs/product/layout.md#deal-banner) */
  }
  if (!deal || !dealLive(deal, Date.now())) {
    root.hidden = true; // reserved at build time, over since
    return;
  }
  const d = deal;
  const link = document.createElement('a');
  link.href = (root.dataset.productPath ?? '').replace('__slug__', encodeURIComponent(d.product_slug));
  // a percent only with the prior price it is measured from (docs/adr/0022-prior-price.md)
  const r = d.reduction;
  link.textContent = r ? `${d.title}: ${d.product_name} −${r.percent} %` : `${d.title}: ${d.product_name}`;
  const clock = document.createElement('span');
  clock.className = 'deal-banner__clock';
  clock.dataset.testid = 'deal-countdown';
  root.append(link, ` · ${root.dataset.endsIn ?? ''}`, clock);
  if (r) root.append(' · ', priorLine(root, r));
  root.className = 'deal-banner deal-banner--reserved';
  root.dataset.testid = 'deal-banner';
  root.hidden = false;

  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const tick = () => {
    const s = secondsLeft(d.expires_at, Date.now());
    clock.textContent = formatHms(s);
    if (s === 0) stop();
  };
  const start = () => {
    tick();
    if (!timer && secondsLeft(d.expires_at, Date.now()) > 0) timer = setInterval(tick, 1000);
  };
  document.addEventListener('visibilitychange', () => (document.hidden ? stop() : start()));
  if (!document.hidden) start();
  else tick();
}

/** The prior-price line; page-effects.ts re-renders it like every prior price when the VAT mode changes. */
function priorLine(root: HTMLElement, r: NonNullable<Deal['reduction']>): HTMLElement {
  const lang = document.documentElement.dataset.locale;
  const locale = isLocaleCode(lang) ? lang : 'sv';
  const showVat = !LOCALES[locale].allowExVAT || cart.get().vat;
  const line = document.createElement('span');
  line.className = 'price__prior';
  line.dataset.testid = 'prior-price';
  line.dataset.prior = String(r.prior_minor / 100);
  line.dataset.vat = String(r.vat);
  const amount = document.createElement('span');
  amount.className = 'price__prior-amount';
  amount.textContent = renderPrice({ amount: r.prior_minor / 100, vat: r.vat }, locale, showVat).amount;
  line.append(`${root.dataset.priorLabel ?? ''}: `, amount);
  return line;
}
