/**
 * Walley answers as the adapter reads them (dev.walleypay.com: Authentication, Initialize Checkout,
 * Get Checkout Information, Management API "Get order"). Only the fields the adapter uses are
 * required; everything else passes through untouched.
 */
import { z } from 'zod';

/** Azure AD B2C client-credentials answer of POST /oauth2/v2.0/token. */
export const tokenAnswer = z.object({
  token_type: z.string(),
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
});

/** Every Checkout API answer is wrapped as { id, data, error }. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ id: z.string().optional(), data, error: z.unknown().nullish() });

export const initCheckoutData = z.object({
  privateId: z.string().min(1),
  publicToken: z.string().min(1),
  expiresAt: z.string().optional(),
});

export const checkoutData = z.object({
  status: z.string(), // Initialized, CustomerIdentified, PurchaseCompleted, Aborted, Expired
  reference: z.string().nullish(),
  countryCode: z.string(),
  currency: z.string().optional(),
  cart: z.object({ totalAmount: z.number() }).nullish(),
  purchase: z
    .object({
      amountToPay: z.number(),
      paymentName: z.string().nullish(),
      purchaseIdentifier: z.string().nullish(),
      result: z.string(), // Preliminary, OnHold, Signing, Rejected, Activated, Completed
    })
    .nullish(),
  order: z.object({ orderId: z.string() }).nullish(),
});
export type WalleyCheckout = z.infer<typeof checkoutData>;

/**
 * Management API order. `invoices` is documented without its item shape; the adapter reads only
 * `type` ("Invoice" for a capture, "CreditNote" for a refund) and `totalAmount` (always positive).
 */
export const orderData = z.object({
  id: z.string(),
  reference: z.string().nullish(),
  totalAmount: z.number(),
  currency: z.string(),
  status: z.string(), // NotActivated, PartActivated, Activated, Cancelled, Returned, Expired
  invoices: z.array(z.object({ invoiceNumber: z.string(), type: z.string(), totalAmount: z.number() })).default([]),
});
export type WalleyOrder = z.infer<typeof orderData>;

export const orderAnswer = z.object({ data: orderData });

/** Error body: { id, data: null, error: { code, message, errors: [{ reason, message }] } }. */
export const errorAnswer = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional(), message: z.string().optional() })).nullish(),
  }),
});
