/**
 * Ingrid answers as the adapter reads them: Delivery Checkout (developer.ingrid.com/delivery_checkout,
 * Session, PickupLocation, OperationalHours), SOM booking (developer.ingrid.com/som) and Delivery
 * Tracking GetTrackingParcels. Prices are minor units incl. VAT.
 */
import { z } from 'zod';

const address = z.object({
  name: z.string().optional(),
  address_lines: z.array(z.string()).default([]),
  street: z.string().optional(),
  street_number: z.string().optional(),
  postal_code: z.string(),
  city: z.string(),
  country: z.string(),
});

export const pickupLocation = z.object({
  external_id: z.string(),
  name: z.string(),
  location_type: z.string(),
  address,
  distance: z.object({ walking: z.object({ value: z.number(), duration: z.number() }).optional() }).optional(),
  operational_hours: z
    .object({ free_text: z.array(z.string()).optional() })
    .catchall(z.unknown())
    .optional(),
});
export type IngridLocation = z.infer<typeof pickupLocation>;

const timeRange = z.object({ earliest: z.string(), latest: z.string() });

/** A delivery category offered in the shipping selector (v1 session `categories`). */
export const category = z.object({
  id: z.string(),
  name: z.string(),
  delivery_type: z.enum(['delivery', 'pickup', 'mailbox', 'instore']),
  price: z.number().int(),
  vat_rate: z.number(),
  tags: z.array(z.object({ name: z.string() })).default([]),
  shipping_options: z.array(z.object({ carrier: z.string(), product: z.string(), delivery_time: timeRange })).min(1),
});
export type IngridCategory = z.infer<typeof category>;

export const session = z.object({
  checkout_session_id: z.string(),
  status: z.string(), // ACTIVE, COMPLETE
  categories: z.array(category).default([]),
  delivery_groups: z
    .array(
      z.object({
        category: z.object({ id: z.string() }).optional(),
        shipping: z.object({ carrier: z.string() }).optional(),
        tos_id: z.string().optional(),
      }),
    )
    .default([]),
});

export const sessionAnswer = z.object({ session });
export const locationsAnswer = z.object({ carrier: z.string(), locations: z.array(pickupLocation) });

const delivery = z.object({ tracking_number: z.string(), tracking_link: z.string(), label_url: z.string().optional() });
export const shipmentAnswer = z.object({
  shipment: z.object({
    id: z.string(),
    carrier: z.string(),
    parcels: z.array(z.object({ id: z.string(), deliveries: z.array(delivery).min(1) })).min(1),
  }),
});

const progress = z.object({ step: z.string(), time: z.string() });
export const parcelsAnswer = z.object({
  parcels: z.array(
    z.object({
      tracking_number: z.string(),
      current_progress: progress.optional(),
      progress_history: z.array(progress).default([]),
      destination: z.object({ address: z.object({ city: z.string().optional() }).optional() }).optional(),
    }),
  ),
});
export type IngridParcel = z.infer<typeof parcelsAnswer>['parcels'][number];

export const errorAnswer = z.object({ error: z.string(), trace_id: z.string().optional() });
