/**
 * The operator API (docs/product/api.md#operator-orders): request bodies of the pick, ship and deliver steps
 * and the order view they answer. Shared by the endpoint, `npm run operator` and the tests.
 */
import { z } from 'zod';

export const OPERATOR_ACTIONS = ['pick', 'ship', 'deliver'] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export const pickRequestSchema = z.object({}).strict();

/** A manual shipment names its tracking number (and may name carrier and link); without one the shipping provider books. */
export const shipRequestSchema = z
  .object({
    tracking_number: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,63}$/, 'letters, digits, spaces and dashes, 3–64 characters')
      .optional(),
    carrier: z.string().trim().min(1).max(64).optional(),
    tracking_url: z
      .url({ protocol: /^https$/, message: 'an https URL' })
      .max(500)
      .optional(),
    weight_grams: z.number().int().min(1).max(1_000_000).optional(),
  })
  .strict()
  .refine((b) => b.tracking_number !== undefined || (b.carrier === undefined && b.tracking_url === undefined), {
    message: 'carrier and tracking_url go with a manual tracking_number',
    path: ['tracking_number'],
  });

export const deliverRequestSchema = z.object({ delivered_at: z.iso.datetime({ offset: true }).optional() }).strict();

export const OPERATOR_REQUEST_SCHEMAS = { pick: pickRequestSchema, ship: shipRequestSchema, deliver: deliverRequestSchema } as const;

export const operatorOrderSchema = z.object({
  number: z.string(),
  locale: z.string(),
  status: z.string(),
  payment_status: z.string().nullable(),
  payment_provider: z.string(),
  total_minor: z.number().int(),
  currency: z.string(),
  placed_at: z.string(),
  delivered_at: z.string().nullable(),
  shipment: z
    .object({
      provider: z.string(),
      carrier: z.string(),
      tracking_number: z.string(),
      tracking_url: z.string().nullable(),
      label_url: z.string().nullable(),
      service_point_id: z.string().nullable(),
      booked_at: z.string(),
    })
    .nullable(),
  events: z.array(
    z.object({
      at: z.string(),
      kind: z.string(),
      from_state: z.string().nullable(),
      to_state: z.string(),
      event: z.string(),
      source: z.string(),
    }),
  ),
});
export type OperatorOrderView = z.infer<typeof operatorOrderSchema>;
export const operatorOrderResponseSchema = z.object({ order: operatorOrderSchema });
