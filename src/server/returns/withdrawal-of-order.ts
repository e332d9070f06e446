/**
 * The withdrawal period of a stored order (docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a):
 * the pure rule of src/lib/returns/withdrawal-period.ts fed with the order's facts, shared by the cancellation
 * before shipping, the return after it and the return options.
 */
import { withdrawalPeriod, type WithdrawalPeriod } from '#lib/returns/withdrawal-period.ts';
import type { OrderRecord } from '#server/orders/order-record.ts';

/** The order's withdrawal period now; the shop informs at checkout and in the confirmation (art. 6(1)(h)). */
export function withdrawalPeriodOf(order: OrderRecord, now: Date): WithdrawalPeriod {
  return withdrawalPeriod(
    {
      status: order.status,
      deliveredAt: order.deliveredAt,
      customerType: order.details.customer.type === 'business' ? 'business' : 'consumer',
      locale: order.locale,
      informed: true,
    },
    now.toISOString(),
  );
}
