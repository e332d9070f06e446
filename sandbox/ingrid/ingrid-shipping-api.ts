/**
 * Booking and tracking: SOM shipments.createAndBook (from a transport order: the tos_id of a completed
 * session) and shipments.get, and Delivery Tracking GetTrackingParcels (GET /v1/delivery_tracking/parcels).
 * Simplified SOM shapes: shipment → parcels → deliveries { tracking_number, tracking_link, label_url }.
 * One shipment per transport order: booking the same tos_id again answers the existing shipment.
 */
import type { ApiAnswer } from '../shared/http-io.ts';
import { notFound, ok, schemaError } from './ingrid-errors.ts';
import { createAndBook } from './ingrid-request-schemas.ts';
import { findCategory } from './ingrid-site-config.ts';
import type { IngridStore, Parcel, Shipment } from './ingrid-store.ts';

export function bookShipment(store: IngridStore, publicBase: string, body: unknown): ApiAnswer {
  const input = createAndBook.safeParse(body);
  if (!input.success) return schemaError(input.error);
  const existing = [...store.shipments.values()].find((s) => s.tosId === input.data.tos_id);
  if (existing) return ok({ shipment: shipmentView(existing, publicBase) });
  const session = [...store.sessions.values()].find((s) => s.order?.tosId === input.data.tos_id);
  const category = session?.selection ? findCategory(session.selection.categoryId)?.category : undefined;
  if (!session || !category) return notFound(`transport order ${input.data.tos_id}`);
  const shipment = store.book(
    session,
    category,
    input.data.parcels.map((p) => p.weight ?? 0),
  );
  return ok({ shipment: shipmentView(shipment, publicBase) });
}

export function readShipment(store: IngridStore, publicBase: string, id: string | null): ApiAnswer {
  const shipment = id ? store.shipments.get(id) : undefined;
  return shipment ? ok({ shipment: shipmentView(shipment, publicBase) }) : notFound(`shipment ${id ?? '(no shipment_id)'}`);
}

export function trackingParcels(store: IngridStore, query: URLSearchParams): ApiAnswer {
  const trackingNumber = query.get('tracking_number');
  const externalId = query.get('external_id');
  const found: { shipment: Shipment; parcel: Parcel }[] = [];
  for (const shipment of store.shipments.values()) {
    for (const parcel of shipment.parcels) {
      if (parcel.trackingNumber === trackingNumber || (externalId && shipment.session.order?.externalId === externalId))
        found.push({ shipment, parcel });
    }
  }
  if (found.length === 0) return notFound(`parcels for ${trackingNumber ?? externalId ?? '(no identifier)'}`);
  return ok({ parcels: found.map(({ shipment, parcel }) => parcelView(store, shipment, parcel)) });
}

function parcelView(store: IngridStore, shipment: Shipment, parcel: Parcel) {
  const history = [...store.progress(shipment, parcel)].reverse(); // newest first, as Ingrid lists them
  const session = shipment.session;
  const location = session.selection?.location;
  const customer = session.order?.customer;
  return {
    tracking_number: parcel.trackingNumber,
    current_progress: history[0],
    progress_history: history,
    carrier_name: shipment.category.carrier,
    sender: { name: 'Partsfront (sandbox)', address: { city: 'Stockholm', postal_code: '11120', country: 'SE' } },
    destination: location
      ? {
          name: location.name,
          address: { city: location.address.city, postal_code: location.address.postal_code, country: location.address.country },
          location_type: location.location_type,
        }
      : {
          name: customer?.name ?? '',
          address: { city: customer?.city ?? '', postal_code: customer?.postal_code ?? '', country: session.countryCode },
          location_type: 'HOME',
        },
    receiver: { name: customer?.name ?? '', email: customer?.email ?? '' },
  };
}

function shipmentView(shipment: Shipment, publicBase: string) {
  return {
    id: shipment.id,
    tos_id: shipment.tosId,
    carrier: shipment.category.carrier,
    shipping_method: shipment.category.id,
    status: 'BOOKED',
    parcels: shipment.parcels.map((p) => ({
      id: p.id,
      weight: p.weight,
      deliveries: [
        {
          tracking_number: p.trackingNumber,
          tracking_link: `${publicBase}/tracking/order/${encodeURIComponent(shipment.tosId)}`,
          label_url: `${publicBase}/labels/${encodeURIComponent(p.trackingNumber)}.pdf`,
        },
      ],
    })),
  };
}
