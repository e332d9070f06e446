/**
 * How the browser's cart and the server's checkout follow each other (docs/product/checkout.md):
 * the checkout page posts the cart's lines when they change (its own spinners, the mini cart, another
 * tab) and the cart takes the lines and choices of every checkout answer. Comparing by signature keeps
 * that from ping-ponging: an answer that matches what was sent causes no new post. Pure.
 */
import type { CheckoutView } from '#lib/api/checkout-contracts.ts';
import type { CartItem } from '#lib/cart/client-rules.ts';
import type { CartState } from '#lib/cart/client-state.ts';

type LineKey = Pick<CartItem, 'uuid' | 'sku' | 'quantity'>;

/**
 * What identifies the cart's contents for the checkout: line, sku and quantity. Prices are left out
 * (the server sets them) and so are notice lines of quantity 0 (the next post drops them).
 */
export function linesSignature(items: readonly LineKey[]): string {
  return items
    .filter((i) => i.quantity > 0)
    .map((i) => `${i.uuid}\u0001${i.sku}\u0001${i.quantity}`)
    .sort()
    .join('\u0002');
}

/**
 * The cart after a checkout answer: its id, the server's lines (fields the server leaves out are kept
 * from the local line with the same uuid, as with sync-cart) and the choices made in the checkout.
 */
export function followCheckout(state: CartState, view: CheckoutView): CartState {
  const items = view.items.map((s) => ({ ...state.items.find((l) => l.uuid === s.uuid), ...s }));
  return {
    ...state,
    items,
    checkoutID: view.id,
    postalCode: view.customer.postal_code ?? state.postalCode,
    shippingProcessor: view.shipping_processor,
    shippingMethod: view.shipping_option_id,
    servicePoint: view.service_point_id,
    paymentMethod: view.payment_method,
  };
}
