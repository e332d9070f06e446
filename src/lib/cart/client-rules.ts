/**
 * Cart rules of docs/product/cart.md (pure): merge on add, tier re-pricing on quantity change, remove at 0,
 * count and total. The server re-prices on sync; these keep the panel right until it answers.
 */
import type { Tier } from '#lib/catalogue/types.ts';
import type { CartLineInput, CartLineItem } from '#lib/api/cart-contracts.ts';
import type { CartProductInput } from './product-input.ts';
import { activeTiers, normalizeTiers, ordinaryUnitPrice } from '#lib/pricing/tiers.ts';
import { sameInterval } from '#lib/subscriptions/cart-interval.ts';

/**
 * Cart line item (docs/product/cart.md#line-item-fields) as the client holds it: the server's line (src/lib/api/cart-contracts.ts), where the
 * optional relations and notices may be absent until the first sync answers.
 */
type OptionalLineFields =
  | 'cross_selling_product_id'
  | 'upselling_bundle_id'
  | 'unique_bundle_id'
  | 'added_by_coupon'
  | 'subscription_interval'
  | 'cart_notice'
  | 'adjusted_quantity'
  | 'prior_price'
  | 'campaign';
export type CartItem = Omit<CartLineItem, OptionalLineFields> & { [K in OptionalLineFields]?: CartLineItem[K] | null };

/** Lines added by cross-sell, an upsell bundle or a coupon: never merged, spinner disabled (docs/product/cart.md#line-item-fields). */
export function isLockedLine(item: {
  cross_selling_product_id?: number | null;
  upselling_bundle_id?: number | null;
  added_by_coupon?: string | null;
}): boolean {
  return !!(item.cross_selling_product_id || item.upselling_bundle_id || item.added_by_coupon);
}

/** Unit price for a quantity: the highest tier whose q ≤ quantity; below every tier, the first one. */
export function priceForQuantity(pricing: readonly Tier[], quantity: number, fallback: number): number {
  const tiers = normalizeTiers(pricing);
  if (tiers.length === 0) return fallback;
  let found = tiers[0];
  for (const t of tiers) if (t.q <= quantity) found = t;
  return found.p;
}

/**
 * Adding merges into a line with the same product_id when neither line is locked and both have the same
 * subscription interval (a one-off and a subscribed line stay apart); else appends.
 */
export function addItem(items: readonly CartItem[], added: CartItem): CartItem[] {
  const i = isLockedLine(added)
    ? -1
    : items.findIndex(
        (x) => x.product_id === added.product_id && !isLockedLine(x) && sameInterval(x.subscription_interval, added.subscription_interval),
      );
  if (i < 0) return [...items, { ...added, price: priceForQuantity(added.pricing, added.quantity, added.price) }];
  return items.map((x, j) => (j === i ? withQuantity(x, x.quantity + added.quantity) : x));
}

/** The lines as the checkout endpoints take them: identity, quantity and relations, never prices. */
export function lineInputs(items: readonly CartItem[]): CartLineInput[] {
  return items.map((i) => ({
    uuid: i.uuid,
    sku: i.sku,
    product_id: i.product_id,
    quantity: i.quantity,
    cross_selling_product_id: i.cross_selling_product_id ?? null,
    upselling_bundle_id: i.upselling_bundle_id ?? null,
    unique_bundle_id: i.unique_bundle_id ?? null,
    added_by_coupon: i.added_by_coupon ?? null,
    subscription_interval: i.subscription_interval ?? null,
  }));
}

/**
 * The lines an `atc` link (docs/product/client-state.md) sends to the server: the cart's lines as they are —
 * bundle, cross-sell, coupon and subscription fields kept, so the server prices them as before — with each
 * link entry merged into the first one-off line of its sku that is not locked, else appended.
 */
export function atcLines(
  items: readonly CartItem[],
  entries: readonly { sku: string; quantity: number }[],
  newUuid: () => string,
): CartLineInput[] {
  const lines = lineInputs(items);
  for (const e of entries) {
    const same = lines.find((l) => l.sku === e.sku && !isLockedLine(l) && !l.subscription_interval);
    if (same) same.quantity += e.quantity;
    else lines.push({ uuid: newUuid(), sku: e.sku, quantity: e.quantity });
  }
  return lines;
}

function withQuantity(item: CartItem, quantity: number): CartItem {
  const price = priceForQuantity(item.pricing, quantity, item.price);
  // another tier's price has another prior price: the server's sync brings it (docs/adr/0022-prior-price.md)
  return { ...item, quantity, price, prior_price: price === item.price ? item.prior_price : null };
}

/** Quantity above 0 sets quantity and tier price; 0 (or less) removes the line. */
export function setQuantity(items: readonly CartItem[], uuid: string, quantity: number): CartItem[] {
  if (quantity <= 0) return items.filter((x) => x.uuid !== uuid);
  return items.map((x) => (x.uuid === uuid ? withQuantity(x, quantity) : x));
}

export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((n, x) => n + x.quantity, 0);
}

/** Fast add-to-cart: a product with variations goes to its page instead (docs/product/cart.md#fast-add-to-cart). */
export function needsProductPage(product: Pick<CartProductInput, 'variations'>): boolean {
  return product.variations.length > 0 || product.variations.some((v) => Object.keys(v.attributes).length > 0);
}

/** A new cart line from what a page hands the add-to-cart island. */
export function itemFromProduct(p: CartProductInput, quantity: number, uuid: string): CartItem {
  const pricing = normalizeTiers(activeTiers(p.prices) as Tier[]).map(({ q, p: price }) => ({ q, p: price }));
  return {
    uuid,
    type: p.type,
    thumb: p.thumb,
    name: p.name,
    slug: p.slug,
    product_id: p.product_id,
    sku: p.sku,
    cross_selling_product_id: null,
    upselling_bundle_id: null,
    unique_bundle_id: null,
    added_by_coupon: null,
    quantity,
    price: priceForQuantity(pricing, quantity, 0),
    ordinary_price: ordinaryUnitPrice(p.prices, quantity),
    pricing,
    vat: p.vat,
    categories: p.categories,
    group_id: p.group_id,
    discount_category: p.discount_category,
    stock_status: p.stock_status,
    estimated_at: p.estimated_at,
    subscription_interval: null,
    campaign: !!(p.prices.c && p.prices.c.length > 0),
  };
}
