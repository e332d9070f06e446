/**
 * Checkout calls (docs/product/checkout.md): the server keeps the checkout (its cart, customer, shipping and
 * payment choice) and answers every change with the whole CheckoutView, priced by the server. Amounts in
 * the view are integer minor units (öre, øre, cents); the browser never computes a price it charges.
 */
import { z } from 'zod';
import { MAX_CART_LINES, MAX_COUPONS } from './common.ts';
import { cartLineInputSchema, cartLineItemSchema, couponRefSchema } from './cart-contracts.ts';
import { couponSchema } from './coupon-contracts.ts';
import { VISITOR_ID_PATTERN } from '#lib/experiments/assignment.ts';

export const CUSTOMER_TYPES = ['consumer', 'business'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

const text = (max: number) => z.string().trim().max(max);
/** What the shopper typed; the server normalises and checks postal code, mobile and organisation number per storefront. */
export const checkoutCustomerSchema = z.object({
  type: z.enum(CUSTOMER_TYPES),
  email: text(254),
  mobile: text(32),
  first_name: text(100),
  last_name: text(100),
  street: text(200),
  postal_code: text(16),
  city: text(100),
  company_name: text(200).optional(),
  organisation_number: text(32).optional(),
  /** "Create an account with this order" (docs/product/accounts.md#account-at-checkout): acted on at completion. */
  create_account: z.boolean().optional(),
});
export type CheckoutCustomer = z.infer<typeof checkoutCustomerSchema>;

/** POST /api/checkout: open a checkout for the cart (or update the one named), answer its view. */
export const openCheckoutRequestSchema = z.object({
  checkout_id: z.string().max(64).nullable().optional(),
  items: z.array(cartLineInputSchema).max(MAX_CART_LINES),
  coupons: z.array(couponRefSchema).max(MAX_COUPONS).optional(),
  /** The visitor's shipping processor from the experiment ('eel' or 'external'); the server decides what it honours. */
  shipping_processor: z.string().max(32).optional(),
  /** The random experiment visitor id, sent only with statistics consent (docs/product/experiments.md#orders). */
  experiment_visitor: z.string().regex(VISITOR_ID_PATTERN).optional(),
});
export type OpenCheckoutRequest = z.input<typeof openCheckoutRequestSchema>;

/** POST /api/checkout/{id}: change any part; every field optional. */
export const updateCheckoutRequestSchema = z.object({
  items: z.array(cartLineInputSchema).max(MAX_CART_LINES).optional(),
  coupons: z.array(couponRefSchema).max(MAX_COUPONS).optional(),
  customer: checkoutCustomerSchema.partial().optional(),
  shipping_option_id: z.string().max(64).nullable().optional(),
  service_point_id: z.string().max(64).nullable().optional(),
  payment_method: z.string().max(32).nullable().optional(),
});
export type UpdateCheckoutRequest = z.input<typeof updateCheckoutRequestSchema>;

/** POST /api/checkout/{id}/place: terms accepted; answers where the browser goes next. */
export const placeOrderRequestSchema = z.object({ terms_accepted: z.literal(true) });
export const placeOrderResponseSchema = z.object({
  /** Confirmation page (own invoice) or the provider's hosted page. */
  redirect_url: z.string(),
  order_number: z.string().nullable(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

export const shippingOptionSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  name: z.string(),
  kind: z.enum(['service_point', 'home', 'express', 'mailbox']),
  price_minor: z.number().int(),
  vat_rate: z.number(),
  min_days: z.number().int(),
  max_days: z.number().int(),
  has_service_points: z.boolean(),
});
export type ShippingOptionView = z.infer<typeof shippingOptionSchema>;

export const servicePointSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  name: z.string(),
  street: z.string(),
  postal_code: z.string(),
  city: z.string(),
  opening_hours: z.string().optional(),
  distance_meters: z.number().optional(),
});
export type ServicePointView = z.infer<typeof servicePointSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  customer_types: z.array(z.enum(CUSTOMER_TYPES)),
});
export type PaymentMethodView = z.infer<typeof paymentMethodSchema>;

export const vatRowSchema = z.object({
  rate: z.number(),
  net_minor: z.number().int(),
  vat_minor: z.number().int(),
  gross_minor: z.number().int(),
});

export const checkoutTotalsSchema = z.object({
  currency: z.enum(['SEK', 'NOK', 'DKK', 'EUR']),
  goods_minor: z.number().int(),
  discount_minor: z.number().int(),
  shipping_minor: z.number().int(),
  total_minor: z.number().int(),
  vat_minor: z.number().int(),
  vat_breakdown: z.array(vatRowSchema),
  free_shipping_threshold_minor: z.number().int(),
  free_shipping_left_minor: z.number().int(),
});
export type CheckoutTotals = z.infer<typeof checkoutTotalsSchema>;

/** A field the server refused, with a message in the storefront's language. */
export const fieldProblemSchema = z.object({ field: z.string(), message: z.string() });
export type FieldProblem = z.infer<typeof fieldProblemSchema>;

export const checkoutViewSchema = z.object({
  id: z.string(),
  locale: z.string(),
  status: z.enum(['open', 'paying', 'completed']),
  items: z.array(cartLineItemSchema),
  coupons: z.array(couponSchema),
  customer: checkoutCustomerSchema.partial(),
  /** Problems with the customer fields entered so far (empty when ready to place). */
  problems: z.array(fieldProblemSchema),
  shipping_processor: z.string(),
  shipping_options: z.array(shippingOptionSchema),
  shipping_option_id: z.string().nullable(),
  service_points: z.array(servicePointSchema),
  service_point_id: z.string().nullable(),
  payment_methods: z.array(paymentMethodSchema),
  payment_method: z.string().nullable(),
  totals: checkoutTotalsSchema,
  /** Prices shown ex VAT by default (business buyer where the storefront allows it). */
  prices_ex_vat: z.boolean(),
  order_number: z.string().nullable(),
});
export type CheckoutView = z.infer<typeof checkoutViewSchema>;
