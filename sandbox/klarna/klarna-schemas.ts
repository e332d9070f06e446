/**
 * Request bodies the Klarna emulator accepts, with Klarna's arithmetic checks on order data:
 * total_amount = quantity × unit_price − total_discount_amount per line, total_tax_amount within ±1
 * of total_amount − total_amount × 10000 / (10000 + tax_rate), and order sums equal to the lines.
 */
import { z } from 'zod';
import type { ApiAnswer } from '../shared/http-io.ts';
import { badValue } from './klarna-errors.ts';

const int = z.number().int();
const MAX_AMOUNT = 200_000_000;

export const orderLine = z.looseObject({
  type: z.enum(['physical', 'discount', 'shipping_fee', 'sales_tax', 'digital', 'gift_card', 'store_credit', 'surcharge']).optional(),
  reference: z.string().max(255).optional(),
  name: z.string().min(1).max(255),
  quantity: int.min(0),
  unit_price: int.min(-MAX_AMOUNT).max(MAX_AMOUNT),
  tax_rate: int.min(0).max(10_000),
  total_amount: int.min(-MAX_AMOUNT).max(MAX_AMOUNT),
  total_discount_amount: int.min(0).default(0),
  total_tax_amount: int,
});

export const orderData = z.looseObject({
  purchase_country: z.string().regex(/^[A-Za-z]{2}$/),
  purchase_currency: z.string().regex(/^[A-Za-z]{3}$/),
  locale: z.string().optional(),
  order_amount: int.min(0).max(MAX_AMOUNT),
  order_tax_amount: int.min(0).default(0),
  order_lines: z.array(orderLine).min(1).max(1000),
  merchant_reference1: z.string().max(255).optional(),
  merchant_reference2: z.string().max(255).optional(),
  billing_address: z.looseObject({ email: z.string().optional() }).optional(),
});
export type OrderData = z.infer<typeof orderData>;

const url = z.string().max(2000);
export const hppInput = z.looseObject({
  payment_session_url: z.string().min(1),
  merchant_urls: z.looseObject({ success: url, cancel: url, back: url, failure: url, error: url, status_update: url }).partial().optional(),
  options: z.looseObject({ place_order_mode: z.enum(['PLACE_ORDER', 'CAPTURE_ORDER', 'NONE']).optional() }).optional(),
});

export const captureInput = z.looseObject({
  captured_amount: int.min(1),
  reference: z.string().max(255).optional(),
  description: z.string().max(255).optional(),
});
export const refundInput = z.looseObject({
  refunded_amount: int.min(1),
  reference: z.string().max(255).optional(),
  description: z.string().max(255).optional(),
});

export function validate<T>(schema: z.ZodType<T>, body: unknown): { ok: true; value: T } | { ok: false; answer: ApiAnswer } {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) return { ok: false, answer: badValue(fieldPath(parsed.error.issues[0]!.path)) };
  return { ok: true, value: parsed.data };
}

/** The first arithmetic problem in order data as Klarna's BAD_VALUE field, or null. */
export function checkOrderArithmetic(data: OrderData): ApiAnswer | null {
  for (const [i, l] of data.order_lines.entries()) {
    if (l.total_amount !== l.quantity * l.unit_price - l.total_discount_amount) return badValue(`order_lines[${i}].total_amount`);
    const expectedTax = l.total_amount - (l.total_amount * 10_000) / (10_000 + l.tax_rate);
    if (Math.abs(l.total_tax_amount - expectedTax) > 1) return badValue(`order_lines[${i}].total_tax_amount`);
  }
  if (data.order_amount !== data.order_lines.reduce((s, l) => s + l.total_amount, 0)) return badValue('order_amount');
  if (data.order_tax_amount !== data.order_lines.reduce((s, l) => s + l.total_tax_amount, 0)) return badValue('order_tax_amount');
  return null;
}

const fieldPath = (path: ReadonlyArray<PropertyKey>): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') || 'body';
