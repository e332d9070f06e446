/**
 * The returns API (docs/product/api.md#returns, docs/product/returns.md): what a customer or guest can send
 * back for one order, the request, and the return as the shop keeps it. Shared by the endpoints, the pages
 * and the tests.
 */
import { z } from 'zod';

export const RETURN_KINDS = ['withdrawal', 'return'] as const;
/** Why a part goes back under the shop's policy (a withdrawal needs no reason). */
export const RETURN_REASONS = ['wrong_part', 'not_needed', 'damaged', 'defective', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const returnRequestSchema = z
  .object({
    order_number: z.string().trim().min(1).max(64),
    kind: z.enum(RETURN_KINDS),
    lines: z
      .array(
        z.object({
          line: z.number().int().min(0).max(999),
          sku: z.string().min(1).max(64),
          quantity: z.number().int().min(0).max(5000),
        }),
      )
      .min(1)
      .max(200),
    reason: z.enum(RETURN_REASONS).optional(),
    comment: z.string().trim().max(1000).optional(),
  })
  .strict();
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

export const returnOptionsQuerySchema = z.object({ order_number: z.string().trim().min(1).max(64) });

const windowSchema = z.object({
  open: z.boolean(),
  /** The last day ("YYYY-MM-DD", storefront's calendar), when the order is delivered. */
  deadline: z.string().nullable(),
  /** Why it is closed: not_delivered, business_buyer, expired. */
  closed_because: z.string().nullable(),
});

const moneySchema = z.object({ goods_minor: z.number().int(), shipping_minor: z.number().int(), total_minor: z.number().int() });

export const returnViewSchema = z.object({
  rma: z.string(),
  order_number: z.string(),
  kind: z.enum(RETURN_KINDS),
  status: z.enum(['requested', 'approved', 'rejected', 'received', 'refunded']),
  reason: z.enum(RETURN_REASONS).nullable(),
  comment: z.string().nullable(),
  lines: z.array(z.object({ line: z.number().int(), sku: z.string(), name: z.string(), quantity: z.number().int() })),
  currency: z.string(),
  refund: moneySchema,
  created_at: z.string(),
  refunded_at: z.string().nullable(),
  /** The prepaid return the shipping provider booked: show the code at the carrier; null → send to the address. */
  return_shipment: z.object({ carrier: z.string(), code: z.string(), tracking_url: z.string().nullable() }).nullable(),
});
export type ReturnView = z.infer<typeof returnViewSchema>;

export const returnOptionsSchema = z.object({
  order_number: z.string(),
  customer_type: z.enum(['consumer', 'business']),
  currency: z.string(),
  lines: z.array(
    z.object({ line: z.number().int(), sku: z.string(), name: z.string(), quantity: z.number().int(), returnable: z.number().int() }),
  ),
  windows: z.object({ withdrawal: windowSchema, return: windowSchema }),
  /**
   * The right of withdrawal of the whole order now (docs/product/legal.md): `cancel` before shipping, `return`
   * after; `deadline` null while not delivered. Closed: mode null, deadline when it has passed.
   */
  withdrawal: z.object({ open: z.boolean(), mode: z.enum(['cancel', 'return']).nullable(), deadline: z.string().nullable() }),
  reasons: z.array(z.enum(RETURN_REASONS)),
  returns: z.array(returnViewSchema),
});
export type ReturnOptions = z.infer<typeof returnOptionsSchema>;

/** A withdrawal of the whole order: before shipping it is cancelled, after it returned (docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a). */
export const withdrawalCancelSchema = z.object({ order_number: z.string().trim().min(1).max(64) }).strict();

export const withdrawalCancelViewSchema = z.object({
  order_number: z.string(),
  status: z.literal('cancelled'),
  /** When the withdrawal was made (ISO 8601): the acknowledgement e-mail names it. */
  withdrawn_at: z.string(),
});
export type WithdrawalCancelView = z.infer<typeof withdrawalCancelViewSchema>;

/** A withdrawal once shipped (delivered or not yet): one return of all that is left, `rma` names it. */
export const withdrawalReturnViewSchema = z.object({
  order_number: z.string(),
  status: returnViewSchema.shape.status,
  rma: z.string(),
  /** When the withdrawal was made (ISO 8601): the return's creation. */
  withdrawn_at: z.string(),
});
export type WithdrawalReturnView = z.infer<typeof withdrawalReturnViewSchema>;

/** What POST /api/returns/withdrawal answers: the cancellation before shipping or the return after. */
export const withdrawalViewSchema = z.union([withdrawalCancelViewSchema, withdrawalReturnViewSchema]);
export type WithdrawalView = z.infer<typeof withdrawalViewSchema>;

export const RETURN_STEPS = ['approve', 'reject', 'receive', 'refund'] as const;
export type ReturnStep = (typeof RETURN_STEPS)[number];
