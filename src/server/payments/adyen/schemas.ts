/**
 * Adyen answers and notifications as the adapter relies on them (Checkout API v71 and the standard
 * webhook). Loose objects: Adyen adds fields without a version bump, and only these are read.
 */
import { z } from 'zod';

export const amount = z.object({ value: z.number().int(), currency: z.string() });

export const serviceError = z.looseObject({
  status: z.number().optional(),
  errorCode: z.string().optional(),
  message: z.string().optional(),
  errorType: z.string().optional(),
  pspReference: z.string().optional(),
});

/** POST /sessions (201): `url` is the Hosted Checkout page when `mode: hosted` was sent. */
export const sessionCreated = z.looseObject({
  id: z.string().min(1),
  amount,
  reference: z.string(),
  expiresAt: z.string(),
  url: z.string().min(1).optional(),
});

/** GET /sessions/{id}?sessionResult=…: the outcome when the shopper came back (not updated afterwards). */
export const sessionResult = z.looseObject({
  id: z.string(),
  status: z.enum(['active', 'canceled', 'completed', 'expired', 'paymentPending', 'refused']),
  reference: z.string().optional(),
  payments: z
    .array(
      z.looseObject({
        pspReference: z.string().optional(),
        resultCode: z.string().optional(),
        amount: amount.optional(),
      }),
    )
    .optional(),
});
export type SessionResult = z.infer<typeof sessionResult>;

/** Captures, refunds and cancels answer 201 with status `received`: the outcome follows as a notification. */
export const modificationReceived = z.looseObject({
  pspReference: z.string(),
  paymentPspReference: z.string(),
  status: z.literal('received'),
});

export const notificationItem = z.looseObject({
  pspReference: z.string(),
  originalReference: z.string().optional(),
  merchantAccountCode: z.string(),
  merchantReference: z.string(),
  amount,
  eventCode: z.string(),
  // Adyen sends the strings "true"/"false" (the HMAC covers the string form).
  success: z.enum(['true', 'false']),
  reason: z.string().optional(),
  additionalData: z.record(z.string(), z.string()).optional(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationRequest = z.looseObject({
  live: z.string(),
  notificationItems: z.array(z.object({ NotificationRequestItem: notificationItem })).min(1),
});
