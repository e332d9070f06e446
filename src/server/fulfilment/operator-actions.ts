/**
 * One entry for the operator's steps, shared by POST /api/operator/orders/{number}/{action} and
 * `npm run operator`: a validated body → the service → the order as it is now.
 */
import type { z } from 'zod';
import type { Db } from '#server/db/connection.ts';
import type { OperatorAction, OPERATOR_REQUEST_SCHEMAS } from '#lib/api/operator-contracts.ts';
import { deliverOrder, pickOrder, shipOrder } from './fulfilment-service.ts';
import type { OrderRecord } from '#server/orders/order-record.ts';

export type OperatorBody<A extends OperatorAction> = z.output<(typeof OPERATOR_REQUEST_SCHEMAS)[A]>;

export function runOperatorAction<A extends OperatorAction>(
  db: Db,
  action: A,
  number: string,
  body: OperatorBody<A>,
): Promise<OrderRecord> {
  if (action === 'pick') return pickOrder(db, number);
  if (action === 'ship') {
    const b = body as OperatorBody<'ship'>;
    return shipOrder(db, number, {
      ...(b.tracking_number
        ? {
            manual: {
              trackingNumber: b.tracking_number,
              ...(b.carrier ? { carrier: b.carrier } : {}),
              ...(b.tracking_url ? { trackingUrl: b.tracking_url } : {}),
            },
          }
        : {}),
      ...(b.weight_grams ? { weightGrams: b.weight_grams } : {}),
    });
  }
  const b = body as OperatorBody<'deliver'>;
  return deliverOrder(db, number, b.delivered_at ? { deliveredAt: b.delivered_at } : {});
}
