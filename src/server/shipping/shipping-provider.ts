/**
 * The one interface every shipping processor implements (docs/adr/0007-checkout-orders-and-money.md):
 * the internal processor `eel` (rate table, works offline) and the external delivery-checkout adapter.
 * Prices are integer minor units incl. VAT.
 */
import type { LocaleCode } from '#lib/market/locales.ts';

export interface ShippingAddress {
  locale: LocaleCode;
  countryCode: string;
  postalCode: string;
  street?: string;
  city?: string;
}

export interface ShippingOption {
  /** Stable id of the option within the processor (e.g. 'postnord-service-point'). */
  id: string;
  carrier: string;
  name: string;
  kind: 'service_point' | 'home' | 'express' | 'mailbox';
  priceMinor: number;
  vatRate: number;
  minDays: number;
  maxDays: number;
  hasServicePoints: boolean;
}

export interface ServicePoint {
  id: string;
  carrier: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  openingHours?: string;
  distanceMeters?: number;
}

export interface ShippingQuoteInput extends ShippingAddress {
  weightGrams: number;
  /** Goods total incl. VAT after discounts: the free-shipping threshold applies to it. */
  goodsTotalMinor: number;
  currency: 'SEK' | 'NOK' | 'DKK' | 'EUR';
  /** The shop's id of this cart at the processor (the checkout id); a processor that keeps sessions names its cart by it. */
  reference?: string;
}

export interface ShippingRecipient {
  name: string;
  email: string;
  mobile: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
}

/** What completion hands to a processor that keeps a session: the order number, the choice and who receives it. */
export interface ConfirmShippingInput {
  sessionId: string;
  orderNumber: string;
  optionId: string;
  servicePointId?: string;
  recipient: ShippingRecipient;
}

export interface ShipmentBooking {
  shipmentId: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  labelUrl?: string;
}

export interface TrackingEvent {
  at: string; // ISO time
  status: 'booked' | 'in_transit' | 'ready_for_pickup' | 'delivered' | 'returned';
  description: string;
  location?: string;
}

export interface ShippingProvider {
  readonly id: string; // 'eel' or the external processor's id
  /** A session id for the checkout where the provider keeps one (recorded as the `shipping` session); undefined for eel. */
  options(input: ShippingQuoteInput, sessionId?: string): Promise<{ sessionId?: string; options: ShippingOption[] }>;
  servicePoints(optionId: string, address: ShippingAddress): Promise<ServicePoint[]>;
  /**
   * At completion, for a processor that keeps a session (Ingrid: session.complete → transport order):
   * the session becomes the order's. Idempotent at the processor. Absent for eel. Booking is `book`, later.
   */
  confirmOrder?(input: ConfirmShippingInput): Promise<{ transportOrderId: string }>;
  book(input: {
    orderNumber: string;
    optionId: string;
    servicePointId?: string;
    recipient: ShippingRecipient;
    weightGrams: number;
    sessionId?: string;
  }): Promise<ShipmentBooking>;
  tracking(shipmentId: string): Promise<TrackingEvent[]>;
  /**
   * A prepaid return (docs/product/returns.md#sending-it-back): the carrier's return code the customer shows
   * when handing in the parcel. Absent where the processor offers none: the customer then gets the address.
   */
  bookReturn?(input: ReturnBookingInput): Promise<ShipmentBooking>;
}

export interface ReturnBookingInput {
  orderNumber: string;
  rma: string;
  /** The option the order was shipped with: its carrier takes the parcel back. */
  optionId: string;
  sender: ShippingRecipient;
  weightGrams: number;
}
