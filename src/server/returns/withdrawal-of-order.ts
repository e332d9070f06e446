/**
 * The withdrawal period of a stored order (docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a):
 * the pure rule of src/lib/returns/withdrawal-period.ts fed with the order's facts, shared by the cancellation
 * before shipping, the return after it and the return options.
 */
import { withdrawalPeriod, type WithdrawalPeriod } from '#lib/returns/withdrawal-period.ts';
import type { OrderRecord } from '#server/orders/order-record.ts';

/** The order's withdrawal period now; not informed (no art. 10 record) it runs 12 months longer. */
export function withdrawalPeriodOf(order: OrderRecord, now: Date): WithdrawalPeriod {
  return withdrawalPeriod(
    {
      status: order.status,
      deliveredAt: order.deliveredAt,
      customerType: order.details.customer.type === 'business' ? 'business' : 'consumer',
      locale: order.locale,
      informed: order.withdrawalInformedAt !== null,
    },
    now.toISOString(),
  );
}
