/**
 * After an order is made (docs/adr/0007-checkout-orders-and-money.md#one-completion-routine): a processor
 * that keeps a session (Ingrid) is told the order number — session.complete, which turns the session into
 * a transport order. Called once, by the completion that created the order, after its transaction:
 * best effort, never failing the order. The outcome is an order event (kind `shipping`); a session left
 * open (processor down, process gone) is completed by the operator's ship step, whose booking confirms
 * first (IngridProvider.book). Booking itself (label, tracking number) waits for that step: the parcel's
 * real weight is known only when it is packed, and an order cancelled before then never reaches a carrier.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { ConfirmShippingInput, ShippingProvider } from './shipping-provider.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('shipping');

export type ShippingConfirmation = 'transport_ordered' | 'failed' | 'not_needed';

export async function confirmShipping(
  db: Db,
  provider: ShippingProvider,
  input: ConfirmShippingInput,
  source: string,
): Promise<ShippingConfirmation> {
  if (!provider.confirmOrder) return 'not_needed';
  let confirmed: boolean;
  try {
    await provider.confirmOrder(input);
    confirmed = true;
  } catch (err) {
    log.error(
      { err: err instanceof Error ? err.message : String(err), provider: provider.id, session: input.sessionId, order: input.orderNumber },
      'shipping session not completed',
    );
    confirmed = false;
  }
  try {
    await db
      .insertInto('order_events')
      .values({
        id: randomUUID(),
        order_id: input.orderNumber,
        at: new Date().toISOString(),
        kind: 'shipping',
        from_state: 'session_open',
        to_state: confirmed ? 'transport_ordered' : 'session_open',
        event: confirmed ? 'complete_session' : 'complete_session_failed',
        source,
      })
      .execute();
  } catch (err) {
    log.error({ err: err instanceof Error ? err.message : String(err), order: input.orderNumber }, 'shipping event not recorded');
  }
  return confirmed ? 'transport_ordered' : 'failed';
}
