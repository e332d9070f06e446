/** Cart state and the clear-checkout transition of docs/product/cart.md (pure). */
import type { CartItem } from './client-rules.ts';

export const PROVIDER_SESSIONS = ['payLater', 'shipping', 'card', 'invoice', 'invoiceConsumer', 'invoiceBusiness'] as const;
export type ProviderSession = (typeof PROVIDER_SESSIONS)[number];

export interface CartState {
  /** true: prices include VAT. */
  vat: boolean;
  postalCode: string;
  shippingProcessor: string | null;
  shippingMethod: string | null;
  shippingMethodCE: string | null;
  paymentMethod: string | null;
  servicePoint: string | null;
  items: CartItem[];
  checkoutID: string | null;
  campaignData: Record<string, string> | null;
  internal: boolean;
  /** Order session id per provider, each tied to the locale it was opened in. */
  sessions: Partial<Record<ProviderSession, { id: string; locale: string }>>;
}

export const EMPTY_CART: CartState = {
  vat: true,
  postalCode: '',
  shippingProcessor: null,
  shippingMethod: null,
  shippingMethodCE: null,
  paymentMethod: null,
  servicePoint: null,
  items: [],
  checkoutID: null,
  campaignData: null,
  internal: false,
  sessions: {},
};

/** Resets checkout id, provider sessions, shipping, payment, service point and campaign data. */
export function clearCheckout(state: CartState): CartState {
  return {
    ...state,
    checkoutID: null,
    sessions: {},
    shippingProcessor: null,
    shippingMethod: null,
    shippingMethodCE: null,
    paymentMethod: null,
    servicePoint: null,
    campaignData: null,
  };
}

/**
 * After an order is placed (docs/product/checkout.md): the lines are bought, so the cart is emptied and
 * the checkout cleared. VAT flag, postal code and `internal` stay, as with clearCheckout.
 */
export function completedCheckout(state: CartState): CartState {
  return { ...clearCheckout(state), items: [] };
}

/** A stored cart from another version or a broken write falls back to the empty cart. */
export function reviveCart(value: unknown): CartState {
  if (!value || typeof value !== 'object' || !Array.isArray((value as CartState).items)) return EMPTY_CART;
  return { ...EMPTY_CART, ...(value as CartState) };
}

/** The mini cart's checkout button: only with items, and never on the checkout page itself (docs/product/cart.md#mini-cart). */
export function showCheckoutButton(route: string | undefined, itemCount: number): boolean {
  return itemCount > 0 && route !== 'checkout-id';
}
