/**
 * GA4 ecommerce events for the tag manager's dataLayer (docs/product/tracking.md#ecommerce-events), with the
 * field names GA4 expects. Pure: the islands hand in what the server answered (cart lines in major units,
 * checkout and order totals in minor units); money becomes major units here, exactly — sums are taken in
 * integer minor units and divided by 100 once, so 0.1 + 0.2 never shows up as 0.30000000000000004.
 */
import type { CartLineItem } from '#lib/api/cart-contracts.ts';
import type { CheckoutView } from '#lib/api/checkout-contracts.ts';

export type Ga4EventName =
  | 'view_item_list'
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'begin_checkout'
  | 'add_shipping_info'
  | 'add_payment_info'
  | 'purchase';

export interface Ga4Item {
  item_id: string;
  item_name: string;
  /** Unit price in major units, incl. VAT. */
  price: number;
  quantity: number;
  item_brand?: string;
  item_category?: string;
  item_category2?: string;
  item_category3?: string;
  item_category4?: string;
  item_category5?: string;
  item_list_id?: string;
  item_list_name?: string;
  index?: number;
}

export interface Ga4Ecommerce {
  currency: string;
  value?: number;
  items: Ga4Item[];
  transaction_id?: string;
  tax?: number;
  shipping?: number;
  coupon?: string;
  shipping_tier?: string;
  payment_type?: string;
  item_list_id?: string;
  item_list_name?: string;
}

export interface Ga4Event {
  event: Ga4EventName;
  ecommerce: Ga4Ecommerce;
}

/** What the page knows about a product beyond the cart line: brand and category trail (root first). */
export interface ItemExtras {
  brand?: string | null;
  categories?: readonly string[];
}

/** Integer minor units (öre, øre, cent) → major units. Refuses fractions: a minor amount is always whole. */
export function minorToMajor(minor: number): number {
  if (!Number.isInteger(minor)) throw new RangeError(`not an amount in minor units: ${minor}`);
  return minor / 100;
}

/** A major-unit price (2 decimals, as the server rounds cart prices) → integer minor units. */
export function majorToMinor(major: number): number {
  return Math.round(major * 100);
}

const CATEGORY_KEYS = ['item_category', 'item_category2', 'item_category3', 'item_category4', 'item_category5'] as const;

/** Brand and up to five category levels (GA4's limit), root first; absent fields stay absent. */
export function withExtras(item: Ga4Item, extras: ItemExtras | undefined): Ga4Item {
  if (!extras) return item;
  const out: Ga4Item = { ...item };
  if (extras.brand) out.item_brand = extras.brand;
  (extras.categories ?? []).slice(0, CATEGORY_KEYS.length).forEach((name, i) => {
    out[CATEGORY_KEYS[i]] = name;
  });
  return out;
}

/** A cart or checkout line as a GA4 item (the price is the server's unit price incl. VAT). */
export function itemOfLine(line: Pick<CartLineItem, 'sku' | 'name' | 'price'>, quantity: number, extras?: ItemExtras): Ga4Item {
  return withExtras({ item_id: line.sku, item_name: line.name, price: minorToMajor(majorToMinor(line.price)), quantity }, extras);
}

/** Σ price × quantity in minor units, then major. */
export function itemsValue(items: readonly Pick<Ga4Item, 'price' | 'quantity'>[]): number {
  return minorToMajor(items.reduce((sum, i) => sum + majorToMinor(i.price) * i.quantity, 0));
}

type Extras = (sku: string) => ItemExtras | undefined;
const none: Extras = () => undefined;

/** A product seen on its page: one item, quantity 1, value = its price. */
export function viewItem(currency: string, item: Ga4Item): Ga4Event {
  const one = { ...item, quantity: 1 };
  return { event: 'view_item', ecommerce: { currency, value: itemsValue([one]), items: [one] } };
}

/** A listing as shown: items in page order with their index; GA4 takes no value here. */
export function viewItemList(currency: string, listId: string, listName: string, items: readonly Ga4Item[]): Ga4Event {
  return {
    event: 'view_item_list',
    ecommerce: {
      currency,
      item_list_id: listId,
      item_list_name: listName,
      items: items.map((i, index) => ({ ...i, quantity: i.quantity || 1, index, item_list_id: listId, item_list_name: listName })),
    },
  };
}

export interface QuantityChange {
  line: Pick<CartLineItem, 'sku' | 'name' | 'price'>;
  /** Positive: added; negative: removed. */
  delta: number;
}

/**
 * The cart before and after a server answer → at most one add_to_cart and one remove_from_cart event,
 * quantities per sku compared (lines merge and split; the shopper's intent is the sku's total). Prices are
 * the answered ones; a removed sku is priced from the line it had before.
 */
export function cartChanges(
  before: readonly Pick<CartLineItem, 'sku' | 'name' | 'price' | 'quantity'>[],
  after: readonly Pick<CartLineItem, 'sku' | 'name' | 'price' | 'quantity'>[],
): QuantityChange[] {
  const totals = (lines: typeof before) => {
    const m = new Map<string, { qty: number; line: Pick<CartLineItem, 'sku' | 'name' | 'price'> }>();
    for (const l of lines) {
      if (l.quantity <= 0) continue;
      const e = m.get(l.sku);
      if (e) e.qty += l.quantity;
      else m.set(l.sku, { qty: l.quantity, line: l });
    }
    return m;
  };
  const a = totals(before);
  const b = totals(after);
  const out: QuantityChange[] = [];
  for (const [sku, now] of b) {
    const delta = now.qty - (a.get(sku)?.qty ?? 0);
    if (delta !== 0) out.push({ line: now.line, delta });
  }
  for (const [sku, was] of a) if (!b.has(sku)) out.push({ line: was.line, delta: -was.qty });
  return out;
}

/** add_to_cart / remove_from_cart for the changes of one answer (none when nothing changed). */
export function cartEvents(currency: string, changes: readonly QuantityChange[], extras: Extras = none): Ga4Event[] {
  const events: Ga4Event[] = [];
  for (const [name, sign] of [
    ['add_to_cart', 1],
    ['remove_from_cart', -1],
  ] as const) {
    const items = changes.filter((c) => Math.sign(c.delta) === sign).map((c) => itemOfLine(c.line, Math.abs(c.delta), extras(c.line.sku)));
    if (items.length) events.push({ event: name, ecommerce: { currency, value: itemsValue(items), items } });
  }
  return events;
}

function checkoutBase(view: CheckoutView, extras: Extras): Ga4Ecommerce {
  const items = view.items.filter((l) => l.quantity > 0).map((l) => itemOfLine(l, l.quantity, extras(l.sku)));
  const coupon = view.coupons.map((c) => c.code).join(',');
  return {
    currency: view.totals.currency,
    // what the order would cost now: goods after discounts (shipping is its own field in purchase)
    value: minorToMajor(view.totals.goods_minor - view.totals.discount_minor),
    items,
    ...(coupon ? { coupon } : {}),
  };
}

export function beginCheckout(view: CheckoutView, extras: Extras = none): Ga4Event {
  return { event: 'begin_checkout', ecommerce: checkoutBase(view, extras) };
}

/** The chosen shipping option's name as GA4's shipping_tier (undefined while none is chosen). */
export function addShippingInfo(view: CheckoutView, extras: Extras = none): Ga4Event | undefined {
  const option = view.shipping_options.find((o) => o.id === view.shipping_option_id);
  if (!option) return undefined;
  return { event: 'add_shipping_info', ecommerce: { ...checkoutBase(view, extras), shipping_tier: `${option.carrier} ${option.name}` } };
}

/** The chosen payment method's name as GA4's payment_type (undefined while none is chosen). */
export function addPaymentInfo(view: CheckoutView, extras: Extras = none): Ga4Event | undefined {
  const method = view.payment_methods.find((m) => m.id === view.payment_method);
  if (!method) return undefined;
  return { event: 'add_payment_info', ecommerce: { ...checkoutBase(view, extras), payment_type: method.name } };
}

/** The placed order as stored (unit prices and totals in minor units). */
export interface PurchaseSource {
  order_number: string;
  currency: string;
  total_minor: number;
  vat_minor: number;
  shipping_minor: number;
  coupon?: string;
  items: { sku: string; name: string; quantity: number; unit_price_minor: number; brand?: string | null; categories?: readonly string[] }[];
}

/** purchase: value is what the shopper paid (total incl. VAT and shipping), tax the VAT in it, shipping its price. */
export function purchase(o: PurchaseSource): Ga4Event {
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: o.order_number,
      currency: o.currency,
      value: minorToMajor(o.total_minor),
      tax: minorToMajor(o.vat_minor),
      shipping: minorToMajor(o.shipping_minor),
      ...(o.coupon ? { coupon: o.coupon } : {}),
      items: o.items.map((l) =>
        withExtras(
          { item_id: l.sku, item_name: l.name, price: minorToMajor(l.unit_price_minor), quantity: l.quantity },
          { brand: l.brand, categories: l.categories },
        ),
      ),
    },
  };
}
