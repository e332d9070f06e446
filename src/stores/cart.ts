/**
 * Cart slice (localStorage td02:cart, docs/product/cart.md#cart-state). Every add or quantity change is synced with
 * POST /api/sync-cart and the panel renders what the server answers; an empty cart only resyncs discounts.
 * Other tabs follow through storage events.
 */
import { atom, computed } from 'nanostores';
import { localAtom } from './persist.ts';
import { addItem, atcLines, cartCount, itemFromProduct, setQuantity, type CartItem } from '#lib/cart/client-rules.ts';
import { clearCheckout, completedCheckout, EMPTY_CART, reviveCart, type CartState } from '#lib/cart/client-state.ts';
import { followCheckout } from '#lib/checkout/client-cart-link.ts';
import type { CheckoutView } from '#lib/api/checkout-contracts.ts';
import type { CartProductInput } from '#lib/cart/product-input.ts';
import type { AtcEntry } from '#lib/page-behaviour/query-params.ts';
import { postSyncCart } from '#api-client/cart.ts';
import type { SyncCartRequest } from '#lib/api/cart-contracts.ts';
import { clearCoupons, couponCodes, enforceCouponConditions, syncCoupons } from './discount.ts';
import { cartOpen } from './ui.ts';

export const cart = localAtom<CartState>('cart', EMPTY_CART, reviveCart);
export const itemCount = computed(cart, (c) => cartCount(c.items));
/** True while a sync is in flight (the panel dims its total). */
export const syncing = atom(false);

const uuid = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

let version = 0;

/** The server's lines win; fields it leaves out are kept from ours (matched by uuid). */
function mergeAnswer(local: readonly CartItem[], answer: readonly Partial<CartItem>[]): CartItem[] {
  return answer.map((s) => ({ ...(local.find((l) => l.uuid === s.uuid) ?? ({} as CartItem)), ...s }) as CartItem);
}

export async function syncCart(body?: SyncCartRequest): Promise<void> {
  const v = ++version;
  const state = cart.get();
  if (!body && state.items.length === 0) {
    await syncCoupons([]);
    return;
  }
  syncing.set(true);
  try {
    const res = await postSyncCart(body ?? { items: state.items, coupons: couponCodes(), checkout_order_id: state.checkoutID });
    if (v !== version || !res.ok || !Array.isArray(res.data)) return; // a newer change has its own sync
    const items = mergeAnswer(cart.get().items, res.data);
    cart.set({ ...cart.get(), items, internal: res.headers.get('x-be-internal') === '1' });
    enforceCouponConditions(items);
    await syncCoupons(items);
  } catch {
    /* offline: keep the local cart, the next change syncs again */
  } finally {
    if (v === version) syncing.set(false);
  }
}

/** `subscription`: the interval the shopper chose on the product page (docs/product/subscriptions.md#in-the-cart). */
export function addToCart(
  product: CartProductInput,
  quantity = 1,
  showCart = true,
  subscription: { name: string; months: number } | null = null,
): void {
  const c = cart.get();
  const item = { ...itemFromProduct(product, quantity, uuid()), subscription_interval: subscription };
  cart.set({ ...c, items: addItem(c.items, item) });
  cartOpen.set(showCart);
  void syncCart();
}

export function changeQuantity(lineUuid: string, quantity: number): void {
  const c = cart.get();
  cart.set({ ...c, items: setQuantity(c.items, lineUuid, quantity) });
  void syncCart();
}

export function setVat(vat: boolean): void {
  cart.set({ ...cart.get(), vat });
}

export function resetCheckout(): void {
  cart.set(clearCheckout(cart.get()));
}

/**
 * The checkout page changes lines through the checkout, not sync-cart: the lines are set here and the
 * page posts them to the checkout, whose answer the cart then follows (docs/product/checkout.md).
 */
export function setCartItems(items: CartItem[]): void {
  cart.set({ ...cart.get(), items });
}

/** Every checkout answer: its id, lines and choices become the cart's. */
export function followCheckoutView(view: CheckoutView): void {
  cart.set(followCheckout(cart.get(), view));
}

/** The order is placed (confirmation page): the cart is emptied, the checkout and the held coupons cleared. */
export function completeCheckout(): void {
  cart.set(completedCheckout(cart.get()));
  clearCoupons();
}

export function setCampaignData(data: Record<string, string>): void {
  cart.set({ ...cart.get(), campaignData: { ...cart.get().campaignData, ...data } });
}

/** The atc query preloads the cart through the atc form of sync-cart (items + checkout_order_id only). */
export async function preloadAtc(entries: readonly AtcEntry[]): Promise<void> {
  if (!entries.length) return;
  const items = atcLines(cart.get().items, entries, uuid);
  cartOpen.set(true);
  await syncCart({ items, checkout_order_id: cart.get().checkoutID });
}
