/**
 * The order row a completed checkout becomes (docs/adr/0007-checkout-orders-and-money.md), with its first two
 * events. Only the completion routine calls insertOrder, inside the transaction that reserves stock and takes the
 * number; the unique orders.checkout_id makes one order per checkout.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import type { CartLineItem } from '#lib/api/cart-contracts.ts';
import { formatMinorUnits } from '#lib/pricing/minor-units.ts';
import type { OrderDetails } from './order-details.ts';

export interface NewOrder {
  number: string;
  checkoutId: string;
  locale: LocaleCode;
  email: string;
  /** The account of the shopper who placed it while logged in; null for a guest order (linked by e-mail). */
  customerId: number | null;
  /** The company the logged-in shopper buys for: the order is the company's (docs/product/company-accounts.md#orders). */
  companyId?: string | null;
  totalMinor: number;
  paymentStatus: 'authorized' | 'captured';
  /** The lines as the completion priced them. */
  items: readonly CartLineItem[];
  details: OrderDetails;
  /** ISO time of the order. */
  at: string;
  /** What completed it (return, notification, reconciliation …), recorded on its events. */
  source: string;
}

export async function insertOrder(trx: Transaction<Database>, o: NewOrder): Promise<void> {
  await trx
    .insertInto('orders')
    .values({
      id: o.number,
      locale: o.locale,
      email: o.email,
      customer_id: o.customerId,
      company_id: o.companyId ?? null,
      status: 'placed',
      currency: LOCALES[o.locale].currency,
      total: Number(formatMinorUnits(o.totalMinor)),
      total_minor: o.totalMinor,
      payment_status: o.paymentStatus,
      // a bundle line keeps its bundle (docs/product/accessories.md#orders)
      items: JSON.stringify(
        o.items.map((l) => ({
          sku: l.sku,
          name: l.name,
          quantity: l.quantity,
          price: l.price,
          ...(l.upselling_bundle_id ? { upselling_bundle_id: l.upselling_bundle_id, unique_bundle_id: l.unique_bundle_id } : {}),
        })),
      ),
      created_at: o.at,
      checkout_id: o.checkoutId,
      details: JSON.stringify(o.details),
      // The confirmation queued in the same transaction carries the withdrawal information and the model form
      // (art. 10 record, docs/adr/0023-withdrawal-from-the-first-minute.md).
      withdrawal_informed_at: o.at,
    })
    .execute();
  const event = { order_id: o.number, at: o.at, source: o.source };
  await trx
    .insertInto('order_events')
    .values([
      { id: randomUUID(), ...event, kind: 'order', from_state: 'pending_payment', to_state: 'placed', event: 'place' },
      {
        id: randomUUID(),
        ...event,
        kind: 'payment',
        from_state: 'pending',
        to_state: o.paymentStatus,
        event: o.paymentStatus === 'captured' ? 'capture' : 'authorize',
      },
    ])
    .execute();
}
