/**
 * What a return refunds, exactly, in minor units (docs/product/returns.md#refunds). The order's discount is
 * spread over its lines in proportion to their totals (largest remainder, so the shares add up to the
 * discount), and a line's net amount over its units by cumulative flooring: returning a line in any number
 * of parts refunds exactly the line's net amount in the end, never a minor unit more. Delivery is refunded
 * only by a withdrawal that, with earlier returns, covers the whole order (Directive 2011/83/EU art. 13(1):
 * the standard delivery cost), and only once. Pure.
 */
import type { ReturnKind } from './return-windows.ts';
import { coversWholeOrder, type OrderLineRef, type ReturnLine } from './return-lines.ts';

export interface PricedOrderLine extends OrderLineRef {
  /** The line's total incl. VAT before the order discount. */
  total_minor: number;
}

export interface OrderAmounts {
  lines: readonly PricedOrderLine[];
  discount_minor: number;
  shipping_minor: number;
}

/** Each line's total after its share of the order discount. */
export function netLineTotals(order: Pick<OrderAmounts, 'lines' | 'discount_minor'>): number[] {
  const totals = order.lines.map((l) => l.total_minor);
  const sum = totals.reduce((a, b) => a + b, 0);
  if (sum <= 0 || order.discount_minor <= 0) return totals;
  const discount = Math.min(order.discount_minor, sum);
  const exact = totals.map((t) => (t * discount) / sum);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return totals.map((t, i) => t - shares[i]!);
}

/** The net amount of units `from`..`from + count` of a line with `net` over `quantity` units. */
const unitsAmount = (net: number, quantity: number, from: number, count: number) =>
  Math.floor((net * (from + count)) / quantity) - Math.floor((net * from) / quantity);

export interface RefundAmount {
  goods_minor: number;
  shipping_minor: number;
  total_minor: number;
}

/**
 * The refund of `request` given the returns before it (not rejected, in the order they were made) and
 * whether one of them already refunded the delivery.
 */
export function refundFor(
  order: OrderAmounts,
  earlier: readonly ReturnLine[][],
  request: { kind: ReturnKind; lines: readonly ReturnLine[] },
  shippingAlreadyRefunded: boolean,
): RefundAmount {
  const net = netLineTotals(order);
  const before = order.lines.map(() => 0);
  for (const r of earlier) for (const l of r) before[l.line] = (before[l.line] ?? 0) + l.quantity;
  const goods = request.lines.reduce(
    (sum, l) => sum + unitsAmount(net[l.line]!, order.lines[l.line]!.quantity, before[l.line]!, l.quantity),
    0,
  );
  const whole =
    request.kind === 'withdrawal' && !shippingAlreadyRefunded && coversWholeOrder(order.lines, [...earlier, [...request.lines]]);
  const shipping = whole ? order.shipping_minor : 0;
  return { goods_minor: goods, shipping_minor: shipping, total_minor: goods + shipping };
}
