/**
 * What a shopper reads on an order or cart line, formatted for the storefront: name, SKU, quantity, unit
 * price and line total (docs/product/checkout.md#totals). The mini cart and the checkout (islands,
 * src/islands/CartLine.tsx) render the cart's priced lines from it; the confirmation and the order pages
 * (server-rendered, src/components/checkout/OrderLines.astro) the lines of the order snapshot.
 */
import type { CartLineItem } from '#lib/api/cart-contracts.ts';
import { cartTotal } from '#lib/cart/cart-total.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { formatMinorPrice } from '#lib/pricing/money-format.ts';
import { formatShownPrice } from '#lib/pricing/shown-price.ts';
import { excludeVat } from '#lib/pricing/vat.ts';

export interface LineRow {
  /** Unique among the rows (React's key). */
  key: string;
  sku: string;
  name: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
  /** The prior price of an announced reduction, shown like the unit price (cart lines only; docs/adr/0022-prior-price.md). */
  priorPrice?: string;
}

/** A line of a placed order: amounts incl. VAT in minor units (the order snapshot). */
export interface OrderLine {
  sku: string;
  name: string;
  quantity: number;
  unit_price_minor: number;
  total_minor: number;
}

export interface OrderLineRow extends LineRow {
  lineTotalMinor: number;
}

/** The order's lines as the snapshot has them: incl. VAT, the line total as stored (after coupons). */
export function orderLineRows(lines: readonly OrderLine[], locale: LocaleCode): OrderLineRow[] {
  return lines.map((l, i) => ({
    key: `${i}:${l.sku}`,
    sku: l.sku,
    name: l.name,
    quantity: l.quantity,
    unitPrice: formatMinorPrice(l.unit_price_minor, locale),
    lineTotal: formatMinorPrice(l.total_minor, locale),
    lineTotalMinor: l.total_minor,
  }));
}

/** The fields of a cart line its row reads (the sync-cart answer's; the browser's CartItem has them too). */
export type PricedCartLine = Pick<CartLineItem, 'uuid' | 'sku' | 'name' | 'quantity' | 'price' | 'vat'> & {
  prior_price?: number | null;
};

/**
 * A cart line as shown: its unit price (incl. VAT, from the server's sync) with or without VAT, and the line
 * total as quantity × that unit price shown the same way (docs/product/pricing-and-vat.md), and the prior price
 * of an announced reduction the same way when the server sent one above the price.
 */
export function cartLineRow(item: PricedCartLine, showVat: boolean, locale: LocaleCode): LineRow {
  const prior = item.prior_price != null && item.prior_price > item.price ? item.prior_price : null;
  return {
    key: item.uuid,
    sku: item.sku,
    name: item.name,
    quantity: item.quantity,
    unitPrice: formatShownPrice(item.price, item.vat, showVat, locale),
    lineTotal: formatShownPrice(item.price * item.quantity, item.vat, showVat, locale),
    ...(prior !== null && { priorPrice: formatShownPrice(prior, item.vat, showVat, locale) }),
  };
}

/**
 * The mini cart's total: what its lines say (cart-total.ts), with or without VAT like the lines. `amount` is
 * the sum to two decimals (the element's data-amount), `text` that sum in the currency's digits.
 */
export function cartLinesTotal(
  items: readonly Pick<CartLineItem, 'quantity' | 'price' | 'vat'>[],
  showVat: boolean,
  locale: LocaleCode,
): { amount: number; text: string } {
  const amount = cartTotal(items.map((i) => ({ quantity: i.quantity, price: showVat ? i.price : excludeVat(i.price, i.vat) })));
  return { amount, text: formatShownPrice(amount, 0, true, locale) };
}
