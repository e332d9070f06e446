/** Inbound bodies the Walley emulator accepts (dev.walleypay.com: Initialize Checkout, Manage orders). */
import { z } from 'zod';

const price = z.number().finite();

const item = z.object({
  id: z.string().min(1).max(50),
  description: z.string().min(1).max(50),
  unitPrice: price,
  quantity: z.number().positive(),
  vat: z.number().min(0).max(100),
});

export const initCheckoutRequest = z.object({
  storeId: z.number().int(),
  countryCode: z.enum(['SE', 'NO', 'FI', 'DK', 'DE', 'EU']),
  reference: z.string().max(50).optional(),
  redirectPageUri: z.url().optional(),
  checkoutAbortedRedirectPageUri: z.url().optional(),
  merchantTermsUri: z.url(),
  notificationUri: z.string().min(1),
  cart: z.object({ items: z.array(item).min(1) }),
  fees: z.object({ shipping: item.omit({ quantity: true }).optional() }).optional(),
  privateCustomerPrefill: z
    .object({
      email: z.string().optional(),
      mobilePhoneNumber: z.string().optional(),
      deliveryAddress: z
        .object({
          firstName: z.string().optional(),
          lastName: z.string().optional(),
          address: z.string().optional(),
          postalCode: z.string().optional(),
          city: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type InitCheckoutRequest = z.infer<typeof initCheckoutRequest>;

export const captureRequest = z.object({
  amount: price.positive(),
  description: z.string().optional(),
  actionReference: z.string().optional(),
});
export const refundRequest = z.object({
  amount: price.positive(),
  description: z.string().optional(),
  actionReference: z.string().optional(),
});
export const cancelRequest = z.object({ actionReference: z.string().optional() }).default({});

export const tokenRequest = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  grant_type: z.literal('client_credentials'),
  scope: z.string().min(1),
});
