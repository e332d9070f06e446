/**
 * The one module script of every page (loaded by BodyEnd): plain-DOM behaviours — cart button and
 * count, add-to-cart buttons, VAT switch, account link, deal banner, consent bar, query flags (login,
 * change_password, token, atc, disc, utm_... and gclid, overrides), static price re-render (VAT mode,
 * customer discount, a company member's prices), breadcrumb history, header shrink, mobile USP carousel, prefetch on hover and the
 * navigation progress bar (docs/adr/0028-client-navigation.md) — and the on-demand
 * mounting of the React islands (src/islands/lazy-mount.tsx). React loads only when one is needed.
 */
import { isLocaleCode, LOCALES } from '#lib/market/locales.ts';
import { campaignParams, ONE_SHOT_KEYS, parseAtc, parseOverrides, validDisc, withoutOneShot } from '#lib/page-behaviour/query-params.ts';
import { customerDiscounts, isLoggedIn } from '#lib/account/client-rules.ts';
import { memberDiscounts } from '#lib/company/company-prices.ts';
import { renderPrice } from '#lib/pricing/client-price-display.ts';
import { cart, preloadAtc, resetCheckout, setCampaignData, setVat, syncCart } from '#stores/cart.ts';
import { companyTerms, loadCompanyTerms } from '#islands/dom/company-prices.ts';
import { auth, signedIn } from '#stores/auth.ts';
import { tokenLogin } from '#api-client/auth.ts';
import { setDisc } from '#stores/discount.ts';
import { setOverrides } from '#stores/experiment.ts';
import { visited } from '#stores/history.ts';
import { personalisation } from '#stores/personalisation.ts';
import { login, loginState, showLinkRefused, showSetPassword } from '#stores/ui.ts';
import { wireCartButton } from '#islands/dom/cart-button.ts';
import { recordProductView, wireAddToCart } from '#islands/dom/add-to-cart.ts';
import { wireVatSwitch } from '#islands/dom/vat-switch.ts';
import { wireAccountLink } from '#islands/dom/account-link.ts';
import { wireLogout } from '#islands/dom/logout.ts';
import { wireMyAppliances } from '#islands/dom/my-appliances.ts';
import { showDeal } from '#islands/dom/deal-banner.ts';
import { showConsentBar } from '#islands/dom/consent-bar.ts';
import { showRecentlyViewed } from '#islands/dom/recently-viewed.ts';
import { setUpExperiments } from '#islands/dom/experiments.ts';
import { reloadForChunk, watchClientErrors } from '#islands/dom/client-errors.ts';
import { isChunkLoadError } from '#lib/page-behaviour/chunk-reload.ts';
import { startTracking } from '#islands/dom/tracking.ts';
import { wirePrefetch } from '#islands/dom/prefetch.ts';
import { wireNavProgress } from '#islands/dom/nav-progress.ts';
import { onRestore, reloadPersonalPageOnRestore } from '#islands/dom/page-restore.ts';
import { whenShown } from '#islands/dom/when-shown.ts';

export const HEADER_SHRINK_PX = 40;
export const USP_AUTOPLAY_MS = 3000;

const html = document.documentElement;
const locale = isLocaleCode(html.dataset.locale) ? html.dataset.locale : 'sv';
const paths = JSON.parse(document.getElementById('pf-paths')?.textContent ?? '{}') as { orders?: string };

function queryFlags(): void {
  const params = new URLSearchParams(location.search);
  if (params.has('login')) login('show');
  if (params.has('change_password')) login('show-change-password');
  const setPasswordToken = params.get('set_password');
  if (setPasswordToken) showSetPassword(setPasswordToken);
  const campaign = campaignParams(params);
  if (campaign) {
    // campaign data goes with the cart, with where the visitor landed and came from
    setCampaignData({ ...campaign, location: location.href.slice(0, 500), referrer: document.referrer.slice(0, 500) });
    personalisation.set({ ...personalisation.get(), campaign, capturedAt: Date.now() });
  }
  setOverrides(parseOverrides(params));
  const disc = validDisc(params.get('disc'));
  if (disc) {
    setDisc(disc);
    if (cart.get().items.length) void syncCart();
  }
  const atc = parseAtc(params.get('atc'));
  if (atc.length) void preloadAtc(atc);
  const token = params.get('token');
  if (ONE_SHOT_KEYS.some((k) => params.has(k))) {
    history.replaceState(history.state, '', location.pathname + withoutOneShot(location.search) + location.hash);
  }
  if (token) void signInWithLink(token);
}

/** The `token` query (a one-time login link): signs in, clears the checkout, goes to my account orders. */
async function signInWithLink(token: string): Promise<void> {
  const res = await tokenLogin(token).catch(() => undefined);
  if (!res?.ok || !res.data?.user) {
    showLinkRefused();
    return;
  }
  signedIn(res.data.user, res.data.expires_in);
  resetCheckout();
  location.assign(paths.orders ?? '/my-account/orders');
}

function priceRerender(): void {
  const allowExVAT = LOCALES[locale].allowExVAT;
  let last = '';
  const apply = () => {
    const showVat = !allowExVAT || cart.get().vat;
    const terms = companyTerms.get();
    const own = customerDiscounts(auth.get(), Date.now());
    // a company member: per category the higher of their own and the company's percent (docs/adr/0035-company-prices.md)
    const discounts = terms ? memberDiscounts(own, terms.discounts) : own;
    // a hook for static labels ("incl. VAT"): CSS can follow html[data-vat]
    html.dataset.vat = showVat ? 'incl' : 'excl';
    const key = JSON.stringify([showVat, discounts, terms?.prices ?? null]);
    if (key === last) return;
    const first = last === '';
    last = key;
    if (first && showVat && Object.keys(discounts).length === 0 && !terms) return; // static HTML already shows this
    for (const el of document.querySelectorAll<HTMLElement>('[data-testid="price"][data-amount]')) {
      const d = el.dataset;
      const r = renderPrice(
        {
          amount: Number(d.amount),
          vat: Number(d.vat),
          ordinary: d.ordinary ? Number(d.ordinary) : undefined,
          discountCategory: d.discountCategory,
          net: terms && d.priceSku ? terms.prices[d.priceSku] : undefined,
        },
        locale,
        showVat,
        discounts,
      );
      const amount = el.querySelector('.price__amount');
      if (amount) amount.textContent = r.amount;
      let ord = el.querySelector<HTMLElement>('.price__ordinary');
      if (r.ordinary) {
        if (!ord) {
          ord = document.createElement('s');
          ord.className = 'price__ordinary';
          ord.dataset.testid = 'price-ordinary';
          el.append(ord);
        }
        ord.textContent = r.ordinary;
      } else ord?.remove();
      el.dataset.shownVat = showVat ? 'incl' : 'excl';
      el.classList.toggle('price--customer', r.ordinary !== undefined && !d.ordinary);
    }
    // the prior price of a reduction follows the VAT mode, never a customer discount (docs/adr/0022-prior-price.md)
    for (const el of document.querySelectorAll<HTMLElement>('[data-testid="prior-price"][data-prior]')) {
      const amount = el.querySelector('.price__prior-amount');
      if (amount)
        amount.textContent = renderPrice({ amount: Number(el.dataset.prior), vat: Number(el.dataset.vat) }, locale, showVat).amount;
    }
  };
  const askTerms = () =>
    loadCompanyTerms(isLoggedIn(auth.get(), Date.now()) && auth.get().strategy === 'myAccount', allowExVAT, () => setVat(false));
  cart.subscribe(apply);
  auth.subscribe(() => {
    askTerms();
    apply();
  });
  companyTerms.subscribe(apply);
  onRestore(apply); // a customer discount may have expired while the page was in the back/forward cache
  // markup swapped in later (listing grids, src/islands/listing-effect.ts) arrives in the static default
  document.addEventListener('pf:content', () => {
    last = '';
    askTerms();
    apply();
  });
}

function headerShrink(): void {
  const header = document.querySelector('.site-header');
  if (!header) return;
  let ticking = false;
  const update = () => {
    header.classList.toggle('is-shrunk', scrollY > HEADER_SHRINK_PX);
    ticking = false;
  };
  addEventListener(
    'scroll',
    () => {
      if (!ticking) {
        ticking = true;
        requestAnimationFrame(update);
      }
    },
    { passive: true },
  );
  update();
}

function uspCarousel(): void {
  const list = document.querySelector('.usps');
  const items = list ? [...list.querySelectorAll('li')] : [];
  const mobile = matchMedia('(max-width: 720px)');
  if (!list || items.length < 2) return;
  let i = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const show = () => items.forEach((li, j) => li.classList.toggle('is-active', j === i));
  const run = () => {
    clearInterval(timer);
    list.classList.toggle('is-rotating', mobile.matches);
    if (!mobile.matches) return;
    show();
    timer = setInterval(() => {
      if (!document.hidden) {
        i = (i + 1) % items.length;
        show();
      }
    }, USP_AUTOPLAY_MS);
  };
  mobile.addEventListener('change', run);
  run();
}

/** The React islands' chunk; a failed load (new build deployed) reloads the page once a minute at most. */
const islands = () =>
  import('./lazy-mount.tsx').catch((e: unknown) => {
    if (isChunkLoadError(e)) reloadForChunk();
    throw e;
  });

/** Mounts an on-demand island once. */
function once(mount: () => void): () => void {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      mount();
    }
  };
}

/** Consent bar (plain DOM) only without a saved choice; the React islands on first use. */
function onDemandIslands(): void {
  showConsentBar();
  const mountLogin = once(() => void islands().then((m) => m.mountLogin()));
  loginState.subscribe((s) => {
    if (s.open) mountLogin();
  });
  wireCartButton(once(() => void islands().then((m) => m.mountMiniCart())));
  const form = document.querySelector<HTMLFormElement>('form[data-search]');
  const input = form?.querySelector<HTMLInputElement>('[data-testid="search-input"]');
  if (form && input) {
    const mountSearch = once(() => void islands().then((m) => m.mountSearch(form, input)));
    input.addEventListener('focus', mountSearch);
    input.addEventListener('input', mountSearch);
    if (document.activeElement === input) mountSearch();
  }
}

const visit = () => visited({ name: document.title, target: location.pathname + withoutOneShot(location.search) });

/**
 * The page's behaviours in order; `true` marks what a visit does (query flags, experiments, the product view,
 * tracking, the breadcrumb history), which a prerendered page does only when shown (when-shown.ts). The rest wires
 * and draws the page from the visitor's state, ready before the click.
 */
const STEPS: [step: () => void, visit: boolean][] = [
  [watchClientErrors, false],
  [reloadPersonalPageOnRestore, false],
  [onDemandIslands, false],
  [wireAddToCart, false],
  [recordProductView, true],
  [showRecentlyViewed, false],
  [wireVatSwitch, false],
  [wireAccountLink, false],
  [wireLogout, false],
  [wireMyAppliances, false],
  [queryFlags, true],
  [setUpExperiments, true],
  [priceRerender, false],
  [headerShrink, false],
  [uspCarousel, false],
  [() => startTracking(locale), true],
  [() => wirePrefetch(locale), false],
  [wireNavProgress, false],
];
const guarded = (step: () => void) => () => {
  try {
    step();
  } catch (e) {
    console.error(e);
  }
};
for (const [step, isVisit] of STEPS) {
  if (isVisit) whenShown(guarded(step));
  else guarded(step)();
}
void showDeal();
whenShown(() => {
  html.dataset.islands = 'ready'; // e2e tests wait for this
  document.dispatchEvent(new Event('pf:islands-ready')); // recommendations-swap.ts
  visit();
  onRestore(visit); // shown again from the back/forward cache: a visit, as its fresh load would be
});
