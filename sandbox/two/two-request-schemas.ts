/**
 * Inbound bodies of the Two emulator, after the Order API's CreateOrderRequestSchema,
 * LineItemRequestSchema, TaxSubtotalSchema and Full/PartialRefundRequestSchema (required fields only
 * plus what the emulator uses; unknown fields pass).
 */
import { z } from 'zod';

const decimal = z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'must be a decimal string with at most 2 decimals');
const country = z.enum(['SE', 'NO', 'DK', 'FI', 'NL', 'GB', 'DE']);

export const taxSubtotal = z.object({
  tax_amount: decimal,
  taxable_amount: decimal,
  tax_rate: z.string().regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be between 0 and 1'),
});

const lineItem = z.object({
  name: z.string().min(1),
  description: z.string(),
  gross_amount: decimal,
  net_amount: decimal,
  tax_amount: decimal,
  discount_amount: decimal.optional(),
  unit_price: z.string().regex(/^-?\d+(\.\d{1,6})?$/),
  quantity: z.union([z.number().positive(), z.string().regex(/^\d+(\.\d{1,8})?$/)]),
  tax_rate: z.string(),
  tax_class_name: z.string(),
  quantity_unit: z.string(),
  type: z.enum(['DIGITAL', 'PHYSICAL', 'SHIPPING_FEE', 'GIFTCARD', 'SERVICE', 'BUYER_FEE', 'OTHER']),
});

const address = z.object({
  organization_name: z.string().min(1),
  street_address: z.string().min(1),
  postal_code: z.string().min(1),
  city: z.string().min(1),
  country,
});

export const createOrderRequest = z.object({
  currency: z.enum(['SEK', 'NOK', 'DKK', 'EUR', 'GBP', 'USD']),
  gross_amount: decimal,
  net_amount: decimal,
  tax_amount: decimal,
  merchant_order_id: z.string().min(1),
  merchant_reference: z.string().nullish(),
  buyer: z.object({
    company: z.object({ organization_number: z.string().min(1), country_prefix: country, company_name: z.string().optional() }),
    representative: z.object({
      first_name: z.string().min(1),
      last_name: z.string().min(1),
      phone_number: z.string().min(5),
      email: z.email(),
    }),
  }),
  line_items: z.array(lineItem).min(1),
  tax_subtotals: z.array(taxSubtotal),
  billing_address: address,
  shipping_address: address.nullish(),
  merchant_urls: z.object({
    merchant_confirmation_url: z.url(),
    merchant_cancel_order_url: z.url().nullish(),
    merchant_order_verification_failed_url: z.url().nullish(),
    merchant_order_callback_url: z.url().nullish(),
  }),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

export const refundRequest = z
  .object({
    amount: decimal.optional(),
    currency: z.string().optional(),
    reason: z.string().nullish(),
    refund_reference: z.string().nullish(),
    tax_subtotals: z.array(taxSubtotal).nullish(),
  })
  .default({});
