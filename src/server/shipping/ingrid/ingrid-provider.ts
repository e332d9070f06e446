/**
 * Delivery checkout through Ingrid: a Delivery Checkout session per checkout (session.create, then
 * session.update as cart or address change) offers the options; pickup locations per option and
 * postal code; when the order is placed the selection is stored and the session completed with the
 * order number (confirmOrder → transport order, tos_id); the operator's ship step books it through SOM
 * (shipments.createAndBook → tracking number, link, label); tracking comes from Delivery Tracking
 * (GET /v1/delivery_tracking/parcels).
 */
import { ProviderRequestError } from '#server/providers/http-client.ts';
import { ProviderUnavailable } from '#server/providers/provider-unavailable.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type {
  ConfirmShippingInput,
  ServicePoint,
  ShipmentBooking,
  ShippingAddress,
  ShippingOption,
  ShippingProvider,
  ShippingQuoteInput,
  TrackingEvent,
} from '../shipping-provider.ts';
import { IngridClient, type IngridClientOptions } from './ingrid-client.ts';
import { toOption, toServicePoint, toTrackingEvents } from './ingrid-mapping.ts';
import { locationsAnswer, parcelsAnswer, sessionAnswer, shipmentAnswer } from './ingrid-schemas.ts';

const LOCALE_TAG: Record<LocaleCode, string> = { sv: 'sv-SE', no: 'nb-NO', da: 'da-DK', fi: 'fi-FI', nl: 'nl-NL' };
const DC = '/v1/delivery_checkout';
const CURRENCY: Record<string, string> = { SE: 'SEK', NO: 'NOK', DK: 'DKK', FI: 'EUR', NL: 'EUR' };

type BookInput = Parameters<ShippingProvider['book']>[0];

export class IngridProvider implements ShippingProvider {
  readonly id = 'ingrid';
  private readonly client: IngridClient;

  constructor(opts: IngridClientOptions) {
    this.client = new IngridClient(opts);
  }

  async options(input: ShippingQuoteInput, sessionId?: string): Promise<{ sessionId?: string; options: ShippingOption[] }> {
    // Ingrid applies the site's free-shipping rules to cart.total_value (goods incl. VAT, after discounts).
    const cart = {
      cart_id: input.reference ?? sessionId ?? `quote-${Date.now()}`,
      total_value: input.goodsTotalMinor,
      items: [{ sku: 'goods', name: 'Goods', quantity: 1, weight: input.weightGrams }],
    };
    const search_address = {
      country: input.countryCode,
      postal_code: input.postalCode,
      ...(input.city ? { city: input.city } : {}),
      address_lines: input.street ? [input.street] : [],
    };
    const create = () =>
      this.client.post(
        `${DC}/session.create`,
        {
          purchase_country: input.countryCode,
          purchase_currency: input.currency,
          locales: [LOCALE_TAG[input.locale]],
          cart,
          search_address,
        },
        sessionAnswer,
      );
    const { session } = sessionId
      ? await this.client
          .post(`${DC}/session.update`, { checkout_session_id: sessionId, cart, search_address }, sessionAnswer)
          // A session Ingrid no longer takes (expired, unknown, already completed) is replaced by a new one.
          .catch((err: unknown) => (err instanceof ProviderRequestError ? create() : Promise.reject(err)))
      : await create();
    const promise = { locale: input.locale, goodsTotalMinor: input.goodsTotalMinor };
    return { sessionId: session.checkout_session_id, options: session.categories.map((c) => toOption(c, promise)) };
  }

  async servicePoints(optionId: string, address: ShippingAddress): Promise<ServicePoint[]> {
    const { locations, carrier } = await this.client.get(
      `${DC}/locations.list`,
      {
        category_id: optionId,
        country: address.countryCode,
        postal_code: address.postalCode,
      },
      locationsAnswer,
    );
    return locations.map((l) => toServicePoint(l, carrier));
  }

  /**
   * The shopper's choice (stand-in for Ingrid's shipping selector, see sandbox/README.md), then
   * session.complete with the order number → the transport order. Completing a completed session again
   * answers its transport order, so a repeated confirmation (or booking after one) is harmless.
   */
  async confirmOrder(input: ConfirmShippingInput): Promise<{ transportOrderId: string }> {
    const selection = { category_id: input.optionId, ...(input.servicePointId ? { location_external_id: input.servicePointId } : {}) };
    try {
      await this.client.post(`${DC}/session.update`, { checkout_session_id: input.sessionId, selection }, sessionAnswer);
    } catch (err) {
      // Refused because it is completed already (an earlier confirmation): its transport order is the answer.
      const done = err instanceof ProviderRequestError ? await this.transportOrderOf(input.sessionId) : null;
      if (done) return { transportOrderId: done };
      throw err;
    }
    const r = input.recipient;
    const { session } = await this.client.post(
      `${DC}/session.complete`,
      {
        checkout_session_id: input.sessionId,
        external_id: input.orderNumber,
        customer: {
          name: r.name,
          email: r.email,
          phone: r.mobile,
          address_lines: [r.street],
          postal_code: r.postalCode,
          city: r.city,
          country: r.countryCode,
        },
      },
      sessionAnswer,
    );
    const tosId = session.delivery_groups[0]?.tos_id;
    if (!tosId) throw new ProviderUnavailable('ingrid', 'Ingrid completed the session without a transport order');
    return { transportOrderId: tosId };
  }

  /** Books the transport order (SOM shipments.createAndBook), confirming the session first where completion could not. */
  async book(input: BookInput): Promise<ShipmentBooking> {
    const sessionId = input.sessionId ?? (await this.sessionFor(input));
    const { transportOrderId } = await this.confirmOrder({ ...input, sessionId });
    const { shipment } = await this.client.post(
      '/v1/som/shipments.createAndBook',
      { tos_id: transportOrderId, parcels: [{ weight: input.weightGrams }] },
      shipmentAnswer,
    );
    const delivery = shipment.parcels[0]!.deliveries[0]!; // the schema requires one of each
    return {
      shipmentId: shipment.id,
      carrier: shipment.carrier,
      trackingNumber: delivery.tracking_number,
      trackingUrl: delivery.tracking_link,
      ...(delivery.label_url ? { labelUrl: delivery.label_url } : {}),
    };
  }

  async tracking(shipmentId: string): Promise<TrackingEvent[]> {
    const { shipment } = await this.client.get('/v1/som/shipments.get', { shipment_id: shipmentId }, shipmentAnswer);
    const events: TrackingEvent[] = [];
    for (const parcel of shipment.parcels) {
      for (const delivery of parcel.deliveries) {
        const { parcels } = await this.client.get(
          '/v1/delivery_tracking/parcels',
          { tracking_number: delivery.tracking_number },
          parcelsAnswer,
        );
        for (const p of parcels) events.push(...toTrackingEvents(p));
      }
    }
    return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  }

  /** The transport order of a completed session; null while it is open. */
  private async transportOrderOf(sessionId: string): Promise<string | null> {
    const { session } = await this.client.get(`${DC}/session.get`, { checkout_session_id: sessionId }, sessionAnswer);
    return session.status === 'COMPLETE' ? (session.delivery_groups[0]?.tos_id ?? null) : null;
  }

  /** An order booked without a checkout session (e.g. created by customer service) gets one now. */
  private async sessionFor(input: BookInput): Promise<string> {
    const r = input.recipient;
    const { session } = await this.client.post(
      `${DC}/session.create`,
      {
        purchase_country: r.countryCode,
        purchase_currency: CURRENCY[r.countryCode] ?? 'EUR',
        locales: ['en-GB'],
        cart: {
          cart_id: input.orderNumber,
          total_value: 0,
          items: [{ sku: 'goods', name: 'Goods', quantity: 1, weight: input.weightGrams }],
        },
        search_address: { country: r.countryCode, postal_code: r.postalCode, city: r.city, address_lines: [r.street] },
      },
      sessionAnswer,
    );
    return session.checkout_session_id;
  }
}
