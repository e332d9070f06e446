/**
 * The cart of a checkout opened for a quote (docs/adr/0036-quotes.md): priced at the quote's prices, checked at every
 * pricing step and again when the order is made — the quote is this checkout's, accepted and not expired, the
 * customer pricing it may accept it, and the lines are still the quote's. Quoted prices are final: no coupon,
 * automatic or personal discount applies. Stock is the product's stock now, as for any checkout.
 */
import type { Db } from '#server/db/connection.ts';
import { OutOfStockError } from '#lib/errors/domain-errors.ts';
import { checkoutMessage } from '#lib/checkout/problem-messages.ts';
import type { CartLineItem } from '#lib/api/cart-contracts.ts';
import { acceptRefusal, atQuotedPrices, sameLines, type QuoteLine } from '#lib/quotes/quote-rules.ts';
import { QuoteRefused } from '#lib/quotes/quote-refused.ts';
import { companyCan } from '#lib/company/company-roles.ts';
import { syncCartService, type CartContext, type PricedCart } from '#server/cart/cart-service.ts';
import { readQuote } from '#server/quotes/quote-store.ts';
import type { CheckoutRecord } from './checkout-repository.ts';
import { quoteActor, readsQuote } from './quote-requests.ts';

const asOrdered =
  (lines: readonly QuoteLine[]) =>
  (item: CartLineItem): CartLineItem => {
    const line = lines.find((l) => l.sku === item.sku);
    return line ? { ...item, quantity: line.quantity, adjusted_quantity: null } : item;
  };

export async function quotedCart(db: Db, c: CheckoutRecord, ctx: CartContext, now = new Date()): Promise<PricedCart> {
  const locale = c.locale;
  const q = c.quoteId ? await readQuote(db, c.quoteId) : undefined;
  if (!q || q.checkoutId !== c.id) throw new QuoteRefused(locale, 'changed');
  // A completed checkout shows its order as made (the quote is then `ordered`); everything else is checked now.
  if (c.status !== 'completed') {
    const customerId = ctx.customer?.id;
    const actor = customerId ? await quoteActor(db, customerId) : undefined;
    if (!actor || !readsQuote(actor, q)) throw new QuoteRefused(locale, 'changed');
    if (actor.role !== null && !companyCan(actor.role, 'order')) throw new QuoteRefused(locale, 'forbidden');
    const refusal = q.status === 'accepted' ? acceptRefusal(q, now) : q.status === 'ordered' ? 'used' : 'changed';
    if (refusal) throw new QuoteRefused(locale, refusal);
    if (!sameLines(c.items, q.lines)) throw new QuoteRefused(locale, 'changed');
  }
  // The products' facts and stock as any cart has them, without coupons or the customer's own discounts.
  const priced = await syncCartService(db, locale, c.items, [], {});
  // A completed checkout's stock went to its order: its lines are the quote's as ordered.
  const items = atQuotedPrices(c.status === 'completed' ? priced.items.map(asOrdered(q.lines)) : priced.items, q.lines);
  if (!items) throw new OutOfStockError(checkoutMessage(locale, 'out_of_stock'));
  return { items, coupons: [], requested: [], undiscounted: items };
}
