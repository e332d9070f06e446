/**
 * GA4 ecommerce events (docs/product/tracking.md#ecommerce-events) from what the server answered:
 * view_item from the product page's data, view_item_list from the listing's cards, add_to_cart /
 * remove_from_cart when a cart sync answers with other quantities, begin_checkout / add_shipping_info /
 * add_payment_info from the checkout's answers (`pf:checkout-view`), purchase from the confirmation page's
 * server-built event, once per order on this device.
 */
import type { CheckoutView } from '#lib/api/checkout-contracts.ts';
import type { CartItem } from '#lib/cart/client-rules.ts';
import {
  addPaymentInfo,
  addShippingInfo,
  beginCheckout,
  cartChanges,
  cartEvents,
  majorToMinor,
  minorToMajor,
  viewItem,
  viewItemList,
  withExtras,
  type Ga4Event,
  type Ga4Item,
  type ItemExtras,
} from '#lib/tracking/ga4-events.ts';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { cart, syncing } from '#stores/cart.ts';
import { trackEvent } from './tracking-datalayer.ts';
import { changesFromElsewhere } from './page-restore.ts';

export const CHECKOUT_VIEW_EVENT = 'pf:checkout-view';
const PURCHASES_KEY = 'td02:tracked-purchases';
const PURCHASES_KEPT = 20;

function dataBlock<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export interface ProductTrackingProps {
  currency: string;
  item: Ga4Item;
  categories: string[];
  t: { viewed: string; bought: string };
}

/** Brand and categories the product page knows, for events about its own sku. */
function pageExtras(): (sku: string) => ItemExtras | undefined {
  const p = dataBlock<ProductTrackingProps>('pf-product-tracking');
  return (sku) => (p && p.item.item_id === sku ? { brand: p.item.item_brand, categories: p.categories } : undefined);
}

function trackProductView(): void {
  const p = dataBlock<ProductTrackingProps>('pf-product-tracking');
  if (!p) return;
  trackEvent(viewItem(p.currency, withExtras(p.item, { categories: p.categories })));
}

let lastList = '';

/** The cards of the listing on the page, in order (their static price is incl. VAT, major units); once per list shown. */
function trackListing(currency: string): void {
  const listing = document.querySelector<HTMLElement>('[data-listing]');
  if (!listing) return;
  const items: Ga4Item[] = [];
  for (const card of listing.querySelectorAll<HTMLElement>('[data-testid="product-card"][data-sku]')) {
    const amount = Number(card.querySelector<HTMLElement>('[data-testid="price"]')?.dataset.amount);
    const name = card.querySelector('[data-testid="product-link"]')?.textContent?.trim() ?? '';
    if (!Number.isFinite(amount) || !name) continue;
    items.push({ item_id: card.dataset.sku!, item_name: name, price: minorToMajor(majorToMinor(amount)), quantity: 1 });
  }
  const key = location.pathname + location.search + '\u0000' + items.map((i) => i.item_id).join(',');
  if (!items.length || key === lastList) return;
  lastList = key;
  const title = document.querySelector('h1')?.textContent?.trim() ?? document.title;
  trackEvent(viewItemList(currency, location.pathname + location.search, title, items));
}

/**
 * add/remove from the difference between what the server confirmed last and what it answers now. Emptying
 * the cart asks the server nothing (src/stores/cart.ts): the removed lines are priced as last confirmed.
 */
function trackCart(currency: string): void {
  const extras = pageExtras();
  const report = (now: readonly CartItem[]) => {
    cartEvents(currency, cartChanges(confirmed, now), extras).forEach(trackEvent);
    confirmed = now;
  };
  let confirmed: readonly CartItem[] = cart.get().items;
  // a change another tab made, or other pages of this tab while this one was in the back/forward cache, is
  // reported there
  const elsewhere = changesFromElsewhere('td02:cart', () => (confirmed = cart.get().items));
  syncing.listen((busy) => {
    if (!busy && !elsewhere()) report(cart.get().items);
  });
  // the order page empties the cart of what was bought: that is the purchase, not a removal
  const orderPage = document.getElementById('pf-purchase') !== null;
  cart.listen((state) => {
    if (elsewhere() || orderPage || syncing.get()) return;
    if (confirmed.some((i) => i.quantity > 0) && !state.items.some((i) => i.quantity > 0)) report(state.items);
  });
}

/** begin_checkout on the first answer; shipping and payment info when the answered choice changes. */
function trackCheckout(): void {
  const extras = pageExtras();
  let first = true;
  let shipping: string | null = null;
  let payment: string | null = null;
  document.addEventListener(CHECKOUT_VIEW_EVENT, (e) => {
    const view = (e as CustomEvent<CheckoutView>).detail;
    if (!view || view.status !== 'open' || !view.items.some((i) => i.quantity > 0)) return;
    const events: (Ga4Event | undefined)[] = [];
    if (first) events.push(beginCheckout(view, extras));
    if (view.shipping_option_id && view.shipping_option_id !== shipping) events.push(addShippingInfo(view, extras));
    if (view.payment_method && view.payment_method !== payment) events.push(addPaymentInfo(view, extras));
    first = false;
    shipping = view.shipping_option_id;
    payment = view.payment_method;
    events.forEach((ev) => ev && trackEvent(ev));
  });
}

/** The transaction ids already reported from this device (a reload of the confirmation must not count twice). */
export function alreadyTracked(id: string): boolean {
  try {
    return (JSON.parse(localStorage.getItem(PURCHASES_KEY) ?? '[]') as string[]).includes(id);
  } catch {
    return false;
  }
}

export function markTracked(id: string): void {
  try {
    const list = (JSON.parse(localStorage.getItem(PURCHASES_KEY) ?? '[]') as string[]).filter((x) => x !== id);
    localStorage.setItem(PURCHASES_KEY, JSON.stringify([...list, id].slice(-PURCHASES_KEPT)));
  } catch {
    /* storage disabled: a reload may report again */
  }
}

export interface PurchaseProps {
  event: Ga4Event;
  checkout_id: string;
}

export function purchaseProps(): PurchaseProps | undefined {
  return dataBlock<PurchaseProps>('pf-purchase');
}

function trackPurchase(): void {
  const p = purchaseProps();
  const id = p?.event.ecommerce.transaction_id;
  if (!p || !id || alreadyTracked(`ga4:${id}`)) return;
  trackEvent(p.event);
  // counted as reported once the event is in the dataLayer (with consent, now or after the choice)
  const mark = () => {
    if ((window.dataLayer ?? []).includes(p.event)) markTracked(`ga4:${id}`);
  };
  mark();
  addEventListener('pf:consent', mark);
}

export function watchEcommerce(locale: LocaleCode): void {
  const currency = LOCALES[locale].currency;
  for (const step of [trackProductView, () => trackListing(currency), () => trackCart(currency), trackCheckout, trackPurchase]) {
    try {
      step();
    } catch {
      /* tracking fails silently (docs/product/errors.md#silent-failures) */
    }
  }
  document.addEventListener('pf:content', () => {
    try {
      trackListing(currency);
    } catch {
      /* silent */
    }
  });
}
