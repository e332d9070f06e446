/**
 * The ship step's booking (docs/product/fulfilment.md#ship-the-booking): with the shipping provider that served the order
 * (eel issues the tracking number itself; Ingrid books the transport order of the order's Delivery Checkout
 * session through SOM), or a manual shipment whose tracking number the operator gives.
 */
import { LOCALES } from '#lib/market/locales.ts';
import { eelProvider } from '#server/shipping/eel-provider.ts';
import { shippingProviderFor } from '#server/shipping/shipping-registry.ts';
import type { ShippingProvider } from '#server/shipping/shipping-provider.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import type { OrderShipmentsTable } from '#server/db/fulfilment-tables.ts';
import type { OrderRecord } from '#server/orders/order-record.ts';

/** Products carry no weight yet: 500 g per unit, as the checkout quotes (docs/adr/0007-checkout-orders-and-money.md#shipping). */
export const GRAMS_PER_UNIT = 500;

export interface ManualShipment {
  trackingNumber: string;
  carrier?: string;
  trackingUrl?: string;
}

/** The provider with this id ('eel', or the external processor's: 'ingrid'), when it is configured now. */
export function shippingProviderById(id: string): ShippingProvider {
  if (id === eelProvider.id) return eelProvider;
  const external = shippingProviderFor('external');
  if (external.id !== id) throw new ProviderUnavailable(id, `shipping provider ${id} is not configured`);
  return external;
}

export async function bookShipment(
  order: OrderRecord,
  opts: { manual?: ManualShipment; weightGrams?: number },
): Promise<Omit<OrderShipmentsTable, 'order_id' | 'booked_at'>> {
  const shipping = order.details.shipping;
  const servicePoint = shipping.service_point ? JSON.stringify(shipping.service_point) : null;
  if (opts.manual) {
    return {
      provider: 'manual',
      shipment_id: null,
      carrier: opts.manual.carrier ?? shipping.carrier,
      tracking_number: opts.manual.trackingNumber,
      tracking_url: opts.manual.trackingUrl ?? null,
      label_url: null,
      service_point: servicePoint,
    };
  }
  const provider = shippingProviderById(shipping.served_by ?? (shipping.processor === 'external' ? 'ingrid' : 'eel'));
  const c = order.details.customer;
  const weightGrams = opts.weightGrams ?? order.details.lines.reduce((sum, l) => sum + l.quantity * GRAMS_PER_UNIT, 0);
  const booking = await provider.book({
    orderNumber: order.number,
    optionId: shipping.option_id,
    ...(shipping.service_point ? { servicePointId: shipping.service_point.id } : {}),
    ...(shipping.session_id ? { sessionId: shipping.session_id } : {}),
    weightGrams,
    recipient: {
      name: `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim(),
      email: c.email ?? order.email,
      mobile: c.mobile ?? '',
      street: c.street ?? '',
      postalCode: c.postal_code ?? '',
      city: c.city ?? '',
      countryCode: LOCALES[order.locale].countryCode,
    },
  });
  return {
    provider: provider.id,
    shipment_id: booking.shipmentId,
    carrier: booking.carrier,
    tracking_number: booking.trackingNumber,
    tracking_url: booking.trackingUrl || null,
    label_url: booking.labelUrl ?? null,
    service_point: servicePoint,
  };
}
