/**
 * Ingrid shapes → the shop's shipping types: offered categories → options, pickup locations →
 * service points, tracking progress steps → tracking events.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { priceWithinPromise } from '#lib/shipping/free-shipping.ts';
import type { ServicePoint, ShippingOption, TrackingEvent } from '../shipping-provider.ts';
import type { IngridCategory, IngridLocation, IngridParcel } from './ingrid-schemas.ts';

const DAY_MS = 86_400_000;

/**
 * The free-shipping promise of the storefront (`promise`: its locale and the goods total) is applied here
 * too: Ingrid's site rules are configured by hand in Ingrid and must not be able to break the top bar's
 * promise (docs/product/checkout.md#shipping).
 */
export function toOption(
  category: IngridCategory,
  promise: { locale: LocaleCode; goodsTotalMinor: number },
  now = Date.now(),
): ShippingOption {
  const first = category.shipping_options[0]!; // the schema requires at least one
  const express = category.tags.some((t) => t.name === 'express');
  const kind =
    category.delivery_type === 'pickup' || category.delivery_type === 'instore'
      ? 'service_point'
      : category.delivery_type === 'mailbox'
        ? 'mailbox'
        : express
          ? 'express'
          : 'home';
  return {
    id: category.id,
    carrier: first.carrier,
    name: category.name,
    kind,
    priceMinor: priceWithinPromise(promise.locale, promise.goodsTotalMinor, kind, category.price),
    vatRate: category.vat_rate,
    // Promises are timestamps; whole days from now are what the storefront shows.
    minDays: Math.max(0, Math.round((Date.parse(first.delivery_time.earliest) - now) / DAY_MS)),
    maxDays: Math.max(0, Math.round((Date.parse(first.delivery_time.latest) - now) / DAY_MS)),
    hasServicePoints: kind === 'service_point',
  };
}

export function toServicePoint(location: IngridLocation, carrier: string): ServicePoint {
  const a = location.address;
  const street = a.street ? `${a.street} ${a.street_number ?? ''}`.trim() : a.address_lines.join(', ');
  const hours = openingHours(location.operational_hours);
  const distance = location.distance?.walking?.value;
  return {
    id: location.external_id,
    carrier,
    name: location.name,
    street,
    postalCode: a.postal_code,
    city: a.city,
    ...(hours ? { openingHours: hours } : {}),
    ...(distance !== undefined ? { distanceMeters: distance } : {}),
  };
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** { mon: "08:00-20:00", …, sun: "" } → "mon-fri 08:00-20:00, sat 10:00-16:00" (runs of equal days joined). */
function openingHours(hours: IngridLocation['operational_hours']): string | undefined {
  if (!hours) return undefined;
  const runs: { from: string; to: string; value: string }[] = [];
  for (const day of DAYS) {
    const value = hours[day];
    if (typeof value !== 'string' || value === '') continue;
    const last = runs.at(-1);
    if (last && last.value === value && DAYS.indexOf(last.to as typeof day) === DAYS.indexOf(day) - 1) last.to = day;
    else runs.push({ from: day, to: day, value });
  }
  const text = runs.map((r) => `${r.from === r.to ? r.from : `${r.from}-${r.to}`} ${r.value}`).join(', ');
  return text || hours.free_text?.join(' ') || undefined;
}

const STEPS: Record<string, { status: TrackingEvent['status']; description: string; atDestination?: boolean }> = {
  STEP_CONFIRMED_BY_MERCHANT: { status: 'booked', description: 'Order confirmed by the shop' },
  STEP_PREPARED_BY_MERCHANT: { status: 'booked', description: 'Parcel packed, label printed' },
  STEP_SUBMITTED_TO_CARRIER: { status: 'in_transit', description: 'Handed over to the carrier' },
  STEP_ON_ROUTE: { status: 'in_transit', description: 'On its way' },
  STEP_DELIVERED_TO_PICKUP_POINT: { status: 'ready_for_pickup', description: 'Ready for pickup at the service point', atDestination: true },
  STEP_DELIVERED_TO_CONSUMER: { status: 'delivered', description: 'Delivered', atDestination: true },
  STEP_RETURNED_TO_MERCHANT: { status: 'returned', description: 'Returned to the shop' },
};

/** Oldest first (Ingrid lists newest first); steps the shop does not know are left out. */
export function toTrackingEvents(parcel: IngridParcel): TrackingEvent[] {
  const city = parcel.destination?.address?.city;
  return [...parcel.progress_history]
    .reverse()
    .filter((p) => p.step in STEPS)
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time))
    .map((p) => {
      const step = STEPS[p.step]!;
      return { at: p.time, status: step.status, description: step.description, ...(step.atDestination && city ? { location: city } : {}) };
    });
}
