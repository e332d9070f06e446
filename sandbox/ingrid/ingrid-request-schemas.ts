/**
 * Inbound bodies of the Ingrid emulator: Delivery Checkout CreateSessionRequest / UpdateSessionRequest /
 * CompleteSessionRequest (developer.ingrid.com/delivery_checkout/reference), and the SOM booking call.
 * `selection` on session.update is the emulator's stand-in for the shopper's choice in the widget.
 */
import { z } from 'zod';

const country = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO alpha-2 country code');

export const cart = z.object({
  cart_id: z.string().min(1),
  total_value: z.number().int().min(0),
  total_discount: z.number().int().min(0).optional(),
  items: z
    .array(
      z.object({
        sku: z.string().min(1),
        name: z.string().min(1),
        quantity: z.number().int().positive(),
        price: z.number().int().optional(),
        weight: z.number().int().min(0).optional(),
      }),
    )
    .min(1),
});
export type IngridCart = z.infer<typeof cart>;

export const searchAddress = z.object({
  country,
  postal_code: z.string().min(1),
  city: z.string().optional(),
  address_lines: z.array(z.string()).optional(),
});
export type SearchAddress = z.infer<typeof searchAddress>;

export const createSession = z.object({
  purchase_country: country,
  purchase_currency: z.string().regex(/^[A-Z]{3}$/),
  locales: z.array(z.string()).min(1),
  cart,
  search_address: searchAddress.optional(),
  external_id: z.string().optional(),
});

export const updateSession = z.object({
  checkout_session_id: z.string().min(1),
  cart: cart.optional(),
  search_address: searchAddress.optional(),
  selection: z.object({ category_id: z.string().min(1), location_external_id: z.string().optional() }).optional(),
});

export const completeSession = z.object({
  checkout_session_id: z.string().min(1),
  external_id: z.string().optional(),
  customer: z
    .object({
      name: z.string().min(1),
      email: z.string().optional(),
      phone: z.string().optional(),
      address_lines: z.array(z.string()).default([]),
      postal_code: z.string().min(1),
      city: z.string().min(1),
      country,
    })
    .optional(),
});

/** SOM shipments.createAndBook from a transport order (simplified to what the emulator needs). */
export const createAndBook = z.object({
  tos_id: z.string().min(1),
  parcels: z
    .array(z.object({ weight: z.number().int().min(0).optional() }))
    .min(1)
    .default([{}]),
});
