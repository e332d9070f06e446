/**
 * Two answers as the adapter reads them (Two Order API, openapi/checkout-api.yaml in two-inc/twoctl:
 * OrderResponseSchema, RefundSummaryResponseSchema, ErrorResponse; webhooks-api.yaml for events).
 * Amounts are decimal strings ("150.65").
 */
import { z } from 'zod';

export const orderStates = [
  'UNVERIFIED',
  'VERIFIED',
  'CONFIRMED',
  'FULFILLING',
  'FULFILLED',
  'DELIVERED',
  'CANCELLED',
  'REFUNDED',
  'FULFILMENT_NEEDS_MANUAL_RESOLUTION',
] as const;
export const orderStatuses = ['UNINITIATED', 'APPROVED', 'DECLINED', 'REJECTED', 'PARTIAL'] as const;

export const twoOrder = z.object({
  id: z.string(),
  merchant_order_id: z.string(),
  state: z.enum(orderStates).nullish(),
  status: z.enum(orderStatuses).nullish(),
  currency: z.string(),
  gross_amount: z.string(),
  net_amount: z.string(),
  tax_amount: z.string(),
  payment_url: z.string().nullish(),
  decline_reason: z.string().nullish(),
  refunds: z.array(z.object({ amount: z.string() })).nullish(),
  tax_subtotals: z.array(z.object({ tax_amount: z.string(), taxable_amount: z.string(), tax_rate: z.string() })).nullish(),
});
export type TwoOrder = z.infer<typeof twoOrder>;

export const refundSummary = z.object({ id: z.string(), amount: z.string(), currency: z.string() });

export const errorAnswer = z.object({
  error_code: z.string().nullish(),
  error_message: z.string().nullish(),
  error_details: z.string().nullish(),
  error_json: z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])).optional(), msg: z.string().optional() })).nullish(),
});

/** CloudEvents envelope Two sends through its webhook gateway (Svix). */
export const webhookEvent = z.object({
  specversion: z.string(),
  id: z.string(),
  type: z.string(),
  time: z.string().optional(),
  data: z.object({
    order_id: z.string(),
    merchant_order_id: z.string().optional(),
    gross_amount: z.string().optional(),
    currency: z.string().optional(),
    state: z.string().optional(),
    status: z.string().optional(),
    refunded_gross_amount: z.string().optional(),
  }),
});
export type TwoWebhookEvent = z.infer<typeof webhookEvent>;
