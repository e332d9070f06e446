/**
 * Klarna answers as the adapter relies on them (Payments v1, HPP v1, Order Management v1, the HPP
 * status callback). Loose objects: Klarna adds fields; only these are read.
 */
import { z } from 'zod';

export const klarnaError = z.looseObject({
  error_code: z.string().optional(),
  error_messages: z.array(z.string()).optional(),
  correlation_id: z.string().optional(),
});

export const paymentSessionCreated = z.looseObject({ session_id: z.string().min(1), client_token: z.string() });

export const hppSessionCreated = z.looseObject({
  session_id: z.string().min(1),
  redirect_url: z.string().min(1),
  session_url: z.string().optional(),
  expires_at: z.string().optional(),
});

export const hppStatus = z.enum([
  'WAITING',
  'BACK',
  'IN_PROGRESS',
  'MANUAL_ID_CHECK',
  'COMPLETED',
  'CANCELLED',
  'FAILED',
  'DISABLED',
  'ERROR',
]);

/** GET /hpp/v1/sessions/{id}, and the `session` of a status callback (same structure). */
export const hppSession = z.looseObject({
  session_id: z.string(),
  status: hppStatus,
  authorization_token: z.string().optional(),
  order_id: z.string().optional(),
  updated_at: z.string().optional(),
  expires_at: z.string().optional(),
});
export type HppSession = z.infer<typeof hppSession>;

export const statusCallback = z.looseObject({ event_id: z.string(), session: z.looseObject({ session_id: z.string().min(1) }) });

/** GET /ordermanagement/v1/orders/{id} (MerchantOrderDto), the fields the shop's state needs. */
export const klarnaOrder = z.looseObject({
  order_id: z.string(),
  status: z.enum(['AUTHORIZED', 'PART_CAPTURED', 'CAPTURED', 'CANCELLED', 'EXPIRED', 'CLOSED']),
  order_amount: z.number().int(),
  original_order_amount: z.number().int().optional(),
  captured_amount: z.number().int(),
  refunded_amount: z.number().int(),
  remaining_authorized_amount: z.number().int().optional(),
  purchase_currency: z.string(),
  merchant_reference1: z.string().optional(),
});
export type KlarnaOrder = z.infer<typeof klarnaOrder>;
