/**
 * How much of a product a cart line may hold (docs/product/cart.md#server-side-re-pricing-and-stock-caps): 0–5000, nothing of a product
 * that cannot be ordered, and no more than the stock of an in-stock product (back-order and on-order
 * statuses are ordered from the supplier, so they are not capped by stock). The stock is the product's, not
 * each line's: several lines of one product share it, earlier lines first.
 */
import { MAX_QUANTITY } from '#lib/api/common.ts';

export interface StockFacts {
  orderable: boolean;
  stock_status: string;
  stock_quantity: number;
}

/** Text keys of line notices (docs/product/cart.md#line-notices: cart_notice is a warning). */
export const CartNotice = {
  UnknownProduct: 'cart.notice.unknown_product',
  NotOrderable: 'cart.notice.not_orderable',
  StockLimited: 'cart.notice.stock_limited',
  QuantityLimited: 'cart.notice.quantity_limited',
  /** The line asked for a subscription interval its product does not offer (docs/product/subscriptions.md). */
  SubscriptionUnavailable: 'cart.notice.subscription_unavailable',
} as const;

export interface QuantityDecision {
  quantity: number;
  adjusted: boolean;
  notice: string | null;
}

/** Whether a product's stock quantity caps what a cart may hold of it. */
const cappedByStock = (product: StockFacts): boolean => product.stock_status === 'in-stock' && product.stock_quantity > 0;

export function allowedQuantity(requested: number, product: StockFacts): QuantityDecision {
  const wanted = Number.isFinite(requested) ? Math.max(0, Math.floor(requested)) : 0;
  if (!product.orderable) return { quantity: 0, adjusted: wanted > 0, notice: CartNotice.NotOrderable };
  let quantity = Math.min(wanted, MAX_QUANTITY);
  let notice: string | null = quantity < wanted ? CartNotice.QuantityLimited : null;
  if (cappedByStock(product) && quantity > product.stock_quantity) {
    quantity = product.stock_quantity;
    notice = CartNotice.StockLimited;
  }
  return { quantity, adjusted: quantity !== wanted, notice };
}

/** One cart line as the stock sees it: which product (`key`, the sku), how many are asked for, and its facts. */
export interface StockRequest {
  key: string;
  requested: number;
  product: StockFacts | undefined;
}

/**
 * Every line's allowed quantity when lines of one product share its stock: lines are served in cart order,
 * each first capped on its own (allowedQuantity), then to what the earlier lines of the product left; a later
 * line gets less, or 0, with the stock_limited notice. Undefined for a line without product facts.
 */
export function allowedQuantitiesAcrossLines(lines: readonly StockRequest[]): (QuantityDecision | undefined)[] {
  const left = new Map<string, number>();
  return lines.map(({ key, requested, product }) => {
    if (!product) return undefined;
    const own = allowedQuantity(requested, product);
    if (!cappedByStock(product)) return own;
    const remaining = left.get(key) ?? product.stock_quantity;
    const quantity = Math.min(own.quantity, remaining);
    left.set(key, remaining - quantity);
    return quantity === own.quantity ? own : { quantity, adjusted: true, notice: CartNotice.StockLimited };
  });
}
