/** The subscription endpoints (docs/product/api.md#subscriptions, docs/product/subscriptions.md). */
import { z } from 'zod';
import { MAX_INTERVAL_MONTHS, MIN_INTERVAL_MONTHS } from '#lib/subscriptions/schedule.ts';
import { SUBSCRIPTION_STATUSES } from '#lib/subscriptions/subscription-state.ts';

const intervalSchema = z.object({ months: z.number().int(), name: z.string() });

export const subscriptionViewSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  interval: intervalSchema,
  /** What the product offers now: the intervals a change may choose. */
  offered_intervals: z.array(intervalSchema),
  /** YYYY-MM-DD: the next renewal (while paused: the one that would come). */
  next_due: z.string(),
  last_delivery: z.string(),
  /** The order that started it. */
  order_number: z.string(),
  created_at: z.string(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** GET /api/subscriptions */
export const subscriptionListSchema = z.object({ subscriptions: z.array(subscriptionViewSchema) });
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

/** POST /api/subscriptions/{id}: one action; answers { subscription }. */
export const subscriptionActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('skip') }),
  z.object({ action: z.literal('pause') }),
  z.object({ action: z.literal('resume') }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('interval'), months: z.coerce.number().int().min(MIN_INTERVAL_MONTHS).max(MAX_INTERVAL_MONTHS) }),
]);
export type SubscriptionActionRequest = z.infer<typeof subscriptionActionSchema>;
export const subscriptionActionResponseSchema = z.object({ subscription: subscriptionViewSchema });
