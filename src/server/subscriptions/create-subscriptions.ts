/**
 * The completion hook (docs/product/subscriptions.md#from-an-order): inside the transaction that creates
 * an order, every line bought on subscription becomes one subscription, owned by the order's account
 * (orders.customer_id) or, for a guest, by its e-mail. Keyed by order and line: completing the same order
 * again (return, notification and reconciliation may all try) creates nothing more.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { CartLineItem } from '#lib/api/cart-contracts.ts';
import { calendarDate, firstSchedule } from '#lib/subscriptions/schedule.ts';
import type { Database } from '#server/db/schema.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { RenewalTemplate } from './renewal-template.ts';

/** What the completion knows of the order it is making (the order row's owner and its checkout's choices). */
export interface CompletedOrder {
  orderNumber: string;
  locale: LocaleCode;
  /** The order's account, or null for a guest (then the e-mail owns the subscriptions). */
  customerId: number | null;
  email: string;
  checkout: Pick<RenewalTemplate, 'customer'> & {
    shippingProcessor: string;
    shippingOptionId: string | null;
    servicePointId: string | null;
  };
  /** The lines as the completion priced them (quote.items). */
  items: readonly CartLineItem[];
  /** The order's created_at (ISO). */
  at: string;
}

export async function createSubscriptions(trx: Transaction<Database>, o: CompletedOrder): Promise<number> {
  const subscribed = o.items.map((l, line) => ({ l, line })).filter(({ l }) => (l.subscription_interval?.months ?? 0) > 0);
  if (subscribed.length === 0) return 0;
  const template: RenewalTemplate = {
    customer: o.checkout.customer,
    // Only eel's options are reused: a session-keeping processor's option ids belong to that session.
    shippingOptionId: o.checkout.shippingProcessor === 'eel' ? o.checkout.shippingOptionId : null,
    servicePointId: o.checkout.shippingProcessor === 'eel' ? o.checkout.servicePointId : null,
  };
  const orderDate = calendarDate(new Date(o.at));
  for (const { l, line } of subscribed) {
    const months = l.subscription_interval!.months!;
    const { nextDue, anchorDay } = firstSchedule(orderDate, months);
    await trx
      .insertInto('subscriptions')
      .values({
        id: randomUUID(),
        locale: o.locale,
        customer_id: o.customerId,
        email: o.email.trim().toLowerCase(),
        product_id: l.product_id,
        sku: l.sku,
        name: l.name,
        quantity: l.quantity,
        interval_months: months,
        status: 'active',
        next_due: nextDue,
        anchor_day: anchorDay,
        last_delivery: orderDate,
        source_order_id: o.orderNumber,
        source_line: line,
        renewal_template: JSON.stringify(template),
        created_at: o.at,
        updated_at: o.at,
      })
      .onConflict((oc) => oc.columns(['source_order_id', 'source_line']).doNothing())
      .execute();
  }
  return subscribed.length;
}
