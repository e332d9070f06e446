/**
 * Cart lines as Klarna order lines. Klarna checks each line (total_amount = quantity × unit_price −
 * total_discount_amount; total_tax_amount within ±1 of the rate applied to the total) and that the
 * order sums match the lines, so a mismatch is caught here, before the call, as a shop bug.
 */
import type { CreatePaymentInput, PaymentLine } from '../payment-provider.ts';

export interface KlarnaOrderLine {
  type: 'physical' | 'shipping_fee' | 'discount';
  reference: string;
  name: string;
  quantity: number;
  unit_price: number;
  /** Percent with two implicit decimals: 25.5 % → 2550. */
  tax_rate: number;
  total_amount: number;
  total_discount_amount: number;
  total_tax_amount: number;
}

export function klarnaOrderLine(line: PaymentLine): KlarnaOrderLine {
  const type = line.reference === 'shipping' ? 'shipping_fee' : line.reference === 'discount' ? 'discount' : 'physical';
  // Discount lines carry their (negative) amount as the price; other lines show the discount explicitly.
  const discount = type === 'discount' ? 0 : line.quantity * line.unitPriceMinor - line.totalMinor;
  return {
    type,
    reference: line.reference,
    name: line.name,
    quantity: type === 'discount' ? 1 : line.quantity,
    unit_price: type === 'discount' ? line.totalMinor : line.unitPriceMinor,
    tax_rate: Math.round(line.vatRate * 100),
    total_amount: line.totalMinor,
    total_discount_amount: discount,
    total_tax_amount: line.vatMinor,
  };
}

export function klarnaOrderData(input: CreatePaymentInput): {
  order_amount: number;
  order_tax_amount: number;
  order_lines: KlarnaOrderLine[];
} {
  const order_lines = input.lines.map(klarnaOrderLine);
  const amount = order_lines.reduce((sum, l) => sum + l.total_amount, 0);
  const tax = order_lines.reduce((sum, l) => sum + l.total_tax_amount, 0);
  if (amount !== input.amountMinor || tax !== input.vatMinor) {
    throw new RangeError(`klarna: lines sum to ${amount} (VAT ${tax}) but the payment is ${input.amountMinor} (VAT ${input.vatMinor})`);
  }
  for (const l of order_lines) {
    if (l.total_discount_amount < 0) throw new RangeError(`klarna: line ${l.reference} totals more than quantity × unit price`);
  }
  return { order_amount: amount, order_tax_amount: tax, order_lines };
}
