/** The one cart total: what the lines say (unit price incl. VAT × quantity), rounded to cents/öre. */
import { roundTo } from '#lib/pricing/vat.ts';

export function cartTotal(items: readonly { quantity: number; price: number }[]): number {
  return roundTo(
    items.reduce((sum, l) => sum + l.price * l.quantity, 0),
    2,
  );
}
