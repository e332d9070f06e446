/**
 * In-memory state of the Ingrid emulator: checkout sessions (ACTIVE → COMPLETE, which creates the
 * transport order, tos_id), SOM shipments booked from a transport order, and each parcel's tracking
 * progress (Delivery Tracking steps), which advances one step per `stepMs` or on `_sandbox/advance`.
 */
import { randomString, uuid } from '../shared/ids.ts';
import type { IngridCart, SearchAddress } from './ingrid-request-schemas.ts';
import type { PickupLocation } from './ingrid-service-points.ts';
import type { CategoryConfig, CountryConfig } from './ingrid-site-config.ts';

export interface Customer {
  name: string;
  email?: string;
  city: string;
  postal_code: string;
  country: string;
}

export interface Session {
  id: string;
  status: 'ACTIVE' | 'COMPLETE';
  country: CountryConfig;
  countryCode: string;
  currency: string;
  cart: IngridCart;
  searchAddress: SearchAddress | null;
  selection: { categoryId: string; location: PickupLocation | null } | null;
  order: { tosId: string; externalId: string | null; customer: Customer | null; at: number } | null;
  updatedAt: string;
  /** session.update calls accepted (shown by the `sessions` control). */
  updates: number;
}

export interface Progress {
  step: string;
  time: string;
}

export interface Parcel {
  id: string;
  trackingNumber: string;
  weight: number;
  history: Progress[];
}

export interface Shipment {
  id: string;
  tosId: string;
  session: Session;
  category: CategoryConfig;
  parcels: Parcel[];
  bookedAt: number;
}

const PICKUP_STEPS = [
  'STEP_CONFIRMED_BY_MERCHANT',
  'STEP_PREPARED_BY_MERCHANT',
  'STEP_SUBMITTED_TO_CARRIER',
  'STEP_ON_ROUTE',
  'STEP_DELIVERED_TO_PICKUP_POINT',
  'STEP_DELIVERED_TO_CONSUMER',
];
const HOME_STEPS = PICKUP_STEPS.filter((s) => s !== 'STEP_DELIVERED_TO_PICKUP_POINT');

export class IngridStore {
  readonly sessions = new Map<string, Session>();
  readonly shipments = new Map<string, Shipment>();
  /** Time between automatic tracking steps. */
  stepMs = 60_000;

  newSessionId(): string {
    return `VM2-${uuid().replace(/-/g, '')}`;
  }

  complete(session: Session, externalId: string | null, customer: Customer | null): void {
    session.status = 'COMPLETE';
    session.order = { tosId: `${randomString(8)}-${randomString(4)}`.toLowerCase(), externalId, customer, at: Date.now() };
    session.updatedAt = new Date().toISOString();
  }

  book(session: Session, category: CategoryConfig, weights: number[]): Shipment {
    const now = Date.now();
    const shipment: Shipment = {
      id: uuid(),
      tosId: session.order!.tosId,
      session,
      category,
      bookedAt: now,
      parcels: weights.map((weight) => ({
        id: uuid(),
        weight,
        trackingNumber: `${category.carrier.slice(0, 2).toUpperCase()}${randomString(12, '0123456789')}${session.countryCode}`,
        history: [
          { step: 'STEP_CONFIRMED_BY_MERCHANT', time: new Date(session.order!.at).toISOString() },
          { step: 'STEP_PREPARED_BY_MERCHANT', time: new Date(now).toISOString() },
        ],
      })),
    };
    this.shipments.set(shipment.id, shipment);
    return shipment;
  }

  findParcel(trackingNumber: string): { shipment: Shipment; parcel: Parcel } | null {
    for (const shipment of this.shipments.values()) {
      const parcel = shipment.parcels.find((p) => p.trackingNumber === trackingNumber);
      if (parcel) return { shipment, parcel };
    }
    return null;
  }

  /** Adds the steps that fell due since the last one (one per stepMs), then `extra` more at once. */
  progress(shipment: Shipment, parcel: Parcel, extra = 0, now = Date.now()): Progress[] {
    const steps = shipment.category.deliveryType === 'pickup' ? PICKUP_STEPS : HOME_STEPS;
    const next = (): string | undefined => steps[parcel.history.length];
    for (let last = Date.parse(parcel.history.at(-1)!.time); next() && last + this.stepMs <= now; last += this.stepMs) {
      parcel.history.push({ step: next()!, time: new Date(last + this.stepMs).toISOString() });
    }
    for (let i = 0; i < extra && next(); i++) {
      const last = Date.parse(parcel.history.at(-1)!.time);
      parcel.history.push({ step: next()!, time: new Date(Math.max(now, last + 1)).toISOString() });
    }
    return parcel.history;
  }
}
