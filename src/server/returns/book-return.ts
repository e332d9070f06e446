/**
 * The prepaid return of a return request (docs/product/returns.md#sending-it-back): booked with the shipping
 * provider that delivered the order, so the same carrier takes the parcel back on its return code. A provider
 * that offers no return booking, or one that is down, leaves the customer with the seller's address instead:
 * a return is never refused because a carrier did not answer.
 */
import { LOCALES } from '#lib/market/locales.ts';
import type { ReturnLine } from '#lib/returns/return-lines.ts';
import { GRAMS_PER_UNIT, shippingProviderById } from '#server/fulfilment/book-shipment.ts';
import type { OrderRecord } from '#server/orders/order-record.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('returns');

export interface ReturnShipmentColumns {
  return_carrier: string | null;
  return_code: string | null;
  return_tracking_url: string | null;
}

const NONE: ReturnShipmentColumns = { return_carrier: null, return_code: null, return_tracking_url: null };

export async function bookReturnShipment(order: OrderRecord, rma: string, lines: readonly ReturnLine[]): Promise<ReturnShipmentColumns> {
  const shipping = order.details.shipping;
  const c = order.details.customer;
  try {
    const provider = shippingProviderById(shipping.served_by ?? 'eel');
    if (!provider.bookReturn) return NONE;
    const booked = await provider.bookReturn({
      orderNumber: order.number,
      rma,
      optionId: shipping.option_id,
      sender: {
        name: `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim(),
        email: order.email,
        mobile: c.mobile ?? '',
        street: c.street ?? '',
        postalCode: c.postal_code ?? '',
        city: c.city ?? '',
        countryCode: LOCALES[order.locale].countryCode,
      },
      weightGrams: GRAMS_PER_UNIT * lines.reduce((sum, l) => sum + l.quantity, 0),
    });
    return { return_carrier: booked.carrier, return_code: booked.trackingNumber, return_tracking_url: booked.trackingUrl };
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err), rma }, 'no return booking');
    return NONE;
  }
}
