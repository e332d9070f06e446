/**
 * POST /api/quick-order (docs/product/api.md#quick-order): pasted text or an uploaded CSV/XLSX file (base64) of
 * numbers and quantities → the lines resolved to parts with their prices, and the ones no part (or several) answer,
 * with suggestions. Nothing is added to the cart here: the page adds the resolved lines in one step.
 */
import { z } from 'zod';

/** What a buyer may send: about 1,000 lines of text, or a spreadsheet of 2 MB. */
export const QUICK_ORDER_MAX_TEXT = 100_000;
export const QUICK_ORDER_MAX_FILE_BYTES = 2_000_000;
/** The files quick order reads (src/server/quick-order/order-file.ts), by name: the API's schema and the page's form. */
export const QUICK_ORDER_FILE_NAME = /\.(csv|txt|xlsx)$/i;

export const quickOrderRequestSchema = z.union([
  z.object({ text: z.string().min(1).max(QUICK_ORDER_MAX_TEXT) }).strict(),
  z
    .object({
      file: z.object({
        name: z.string().min(1).max(200).regex(QUICK_ORDER_FILE_NAME, 'a .csv, .txt or .xlsx file'),
        /** The file's bytes, base64. */
        data: z
          .string()
          .min(1)
          .max(Math.ceil((QUICK_ORDER_MAX_FILE_BYTES * 4) / 3) + 4),
      }),
    })
    .strict(),
]);
export type QuickOrderRequest = z.infer<typeof quickOrderRequestSchema>;

export const quickOrderProductSchema = z.object({
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  stock_status: z.string(),
  orderable: z.boolean(),
  unit_price_minor: z.number().int(),
  vat: z.number(),
});

export const quickOrderResponseSchema = z.object({
  resolved: z.array(
    z.object({
      row: z.number().int(),
      number: z.string(),
      quantity: z.number().int(),
      via: z.enum(['sku', 'oem', 'cross', 'replaces']),
      product: quickOrderProductSchema,
    }),
  ),
  unresolved: z.array(
    z.object({
      row: z.number().int(),
      text: z.string(),
      number: z.string(),
      quantity: z.number().int(),
      reason: z.enum(['unknown', 'ambiguous']),
      suggestions: z.array(z.object({ sku: z.string(), name: z.string() })),
    }),
  ),
  problems: z.array(z.object({ row: z.number().int(), text: z.string(), reason: z.enum(['quantity', 'number']) })),
  truncated: z.boolean(),
});
export type QuickOrderResponse = z.infer<typeof quickOrderResponseSchema>;
