/**
 * The accessories block's list from the visitor's recommendation provider (docs/product/accessories.md#in-the-browser),
 * plain DOM. The static list (the internal ranking, built into the page) stays for no-JS and first paint; a visitor
 * whose experiment asks for the `external` provider gets GET /api/recommendations, and its cards replace the
 * static ones in place (asked only where the storefront has an external provider, GET /api/public-config): the same markup (a static card is the template), as many cards as the page has, the list's
 * height kept as a minimum, and — if the new cards would still make the block taller — the static list put back
 * in the same task, before anything is painted: no layout shift. Any failure keeps the static list, silently.
 * Runs after the page script has taken the query's overrides (page-effects.ts sets html[data-islands]).
 */
import { getJson } from '#api-client/http.ts';
import { publicConfig } from '#api-client/public-config.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import type { RecommendationCard, RecommendationsResponse } from '#lib/api/recommendation-contracts.ts';
import { cardPrice, wantsSwap } from '#lib/catalogue/recommendation-swap.ts';
import { renderPrice } from '#lib/pricing/client-price-display.ts';
import { customerDiscounts } from '#lib/account/client-rules.ts';
import { isLocaleCode, LOCALES } from '#lib/market/locales.ts';
import { providers } from '#stores/experiment.ts';
import { cart } from '#stores/cart.ts';
import { auth } from '#stores/auth.ts';
import { whenShown } from './when-shown.ts';

const TIMEOUT_MS = 5000;
const pageLocale = document.documentElement.dataset.locale;
const locale = isLocaleCode(pageLocale) ? pageLocale : 'sv';

function priorLine(prior: number, vat: number, showVat: boolean): HTMLElement {
  const line = document.createElement('span');
  line.className = 'price__prior';
  line.dataset.testid = 'prior-price';
  line.dataset.prior = String(prior);
  line.dataset.vat = String(vat);
  const amount = document.createElement('span');
  amount.className = 'price__prior-amount';
  amount.textContent = renderPrice({ amount: prior, vat }, locale, showVat).amount;
  const label = document.querySelector<HTMLElement>('[data-accessories]')?.dataset.priorLabel ?? '';
  line.append(`${label}: `, amount);
  return line;
}

/** A static card filled with a recommended product. */
function fill(template: HTMLElement, p: RecommendationCard, showVat: boolean): HTMLElement | null {
  const li = template.cloneNode(true) as HTMLElement;
  const img = li.querySelector('img');
  const link = li.querySelector<HTMLAnchorElement>('a.accessory__name');
  const price = li.querySelector<HTMLElement>('[data-testid="price"]');
  const button = li.querySelector<HTMLButtonElement>('button[data-testid="add-to-cart"]');
  if (!img || !link || !price || !button || p.variations.length > 0) return null;
  li.dataset.sku = p.sku;
  if (p.thumb) img.src = p.thumb.url;
  link.href = p.url;
  link.textContent = p.name;

  const data = cardPrice(p);
  const shown = renderPrice(data, locale, showVat, customerDiscounts(auth.get(), Date.now()));
  price.dataset.amount = String(data.amount);
  price.dataset.vat = String(data.vat);
  if (data.ordinary !== undefined) price.dataset.ordinary = String(data.ordinary);
  else delete price.dataset.ordinary;
  if (data.discountCategory) price.dataset.discountCategory = data.discountCategory;
  else delete price.dataset.discountCategory;
  price.classList.toggle('price--campaign', data.ordinary !== undefined);
  price.classList.toggle('price--customer', shown.ordinary !== undefined && data.ordinary === undefined);
  price.dataset.shownVat = showVat ? 'incl' : 'excl';
  const amount = price.querySelector('.price__amount');
  if (amount) amount.textContent = shown.amount;
  let ordinary = price.querySelector<HTMLElement>('.price__ordinary');
  if (shown.ordinary) {
    if (!ordinary) {
      ordinary = document.createElement('s');
      ordinary.className = 'price__ordinary';
      ordinary.dataset.testid = 'price-ordinary';
      price.append(ordinary);
    }
    ordinary.textContent = shown.ordinary;
  } else ordinary?.remove();
  // the template's prior-price line is another product's: rebuilt from this card's (docs/adr/0022-prior-price.md)
  li.querySelector('[data-testid="prior-price"]')?.remove();
  if (data.ordinary !== undefined) price.after(priorLine(data.ordinary, data.vat, showVat));

  button.dataset.sku = p.sku;
  button.dataset.orderable = String(p.orderable);
  button.dataset.product = JSON.stringify(p);
  button.disabled = !p.orderable;
  return li;
}

export async function swapRecommendations(): Promise<void> {
  const root = document.querySelector<HTMLElement>('[data-accessories]');
  const list = root?.querySelector<HTMLElement>('[data-panel="original"] .accessories__list');
  // the product of the page: its own add-to-cart button carries the sku
  const sku = document.querySelector<HTMLElement>('button[data-testid="add-to-cart"][data-variant="page"]')?.dataset.sku;
  const provider = providers().recommendationProvider;
  if (!root || !list || !sku || !wantsSwap(provider)) return;
  const statics = [...list.querySelectorAll<HTMLElement>(':scope > li.accessory')];
  const template = statics.find((li) => li.querySelector('button[data-testid="add-to-cart"]'));
  if (!template) return;
  // without an external provider the internal ranking would answer: the list the page already has
  if (!(await publicConfig())?.external_recommendations) return;

  const res = await getJson<RecommendationsResponse>(
    API_PATHS.recommendations,
    { sku, provider, limit: String(statics.length) },
    { signal: AbortSignal.timeout(TIMEOUT_MS) },
  );
  const answered = res.headers.get('x-recommendation-provider');
  if (!res.ok || !res.data || !Array.isArray(res.data.products)) return;
  root.dataset.recommendationProvider = answered ?? '';
  // the internal ranking answered (the external one failed or is not configured): that is the list the page has
  if (answered !== 'external') return;

  // the VAT mode the page's prices are shown in (as the page script's price re-render decides it)
  const showVat = !LOCALES[locale].allowExVAT || cart.get().vat;
  const cards = res.data.products.flatMap((p) => fill(template, p, showVat) ?? []).slice(0, statics.length);
  if (cards.length === 0) return;
  const before = root.getBoundingClientRect().height;
  list.style.minHeight = `${list.getBoundingClientRect().height}px`;
  list.replaceChildren(...cards);
  if (root.getBoundingClientRect().height > before + 0.5) {
    // taller cards (longer names) would push the page down: keep the static list
    list.replaceChildren(...statics);
    list.style.minHeight = '';
    root.dataset.recommendationSwapped = 'false';
    return;
  }
  root.dataset.recommendationSwapped = 'true';
}

function run(): void {
  swapRecommendations().catch(() => {
    // silent failure: the static list stays
  });
}

// after the page script (its 'pf:islands-ready'); a prerendered page only when shown: the provider is the visitor's
// experiment variant (when-shown.ts). Not DOMContentLoaded: an activated page had that long before.
whenShown(() => {
  if (document.documentElement.dataset.islands === 'ready') run();
  else document.addEventListener('pf:islands-ready', run, { once: true });
});
