/**
 * What the shop accepts from a payment provider's callbacks (docs/product/api.md#checkout): the shopper's
 * return from a hosted page and the provider's notifications. Only identifies what to read back from the
 * provider: the outcome is never taken from the URL.
 */
import { z } from 'zod';

/** The checkout's provider sessions an external payment opens (cart state; src/server/payments/payment-provider.ts). */
export const EXTERNAL_PAYMENT_KINDS = ['card', 'payLater', 'invoiceConsumer', 'invoiceBusiness'] as const;

/** The providers whose notifications the shop takes: POST /api/payments/{provider}/notifications. */
export const NOTIFYING_PROVIDERS = ['adyen', 'klarna', 'walley', 'two'] as const;
export const notificationProviderSchema = z.enum(NOTIFYING_PROVIDERS);

/**
 * GET /api/checkout/{id}/return: what the shop put in the return URL (`kind`, the checkout's provider
 * session; `cancelled=1` on the URL a hosted page's cancel button goes to) and what the provider appended
 * (Adyen `sessionId` + `sessionResult`; Klarna a second `sid` = its session id; Walley `walley_token`,
 * which is not needed: the checkout knows its session).
 */
export const paymentReturnQuerySchema = z.object({
  kind: z.enum(EXTERNAL_PAYMENT_KINDS),
  sessionId: z
    .string()
    .regex(/^[\w.:-]{1,128}$/)
    .optional(),
  sessionResult: z.string().max(8192).optional(),
  cancelled: z.literal('1').optional(),
});
export type PaymentReturnQuery = z.infer<typeof paymentReturnQuerySchema>;
