/**
 * PATCH /api/operator/products/{sku} (docs/product/api.md#operator-product-updates): an operator changes a
 * product's price in one storefront and/or its stock (all storefronts). At least one field; prices in the
 * catalogue's price object (major units per tier, as imported).
 */
import { z } from 'zod';
import { priceObjectSchema } from './common.ts';
import { STOCK_STATUSES } from '#lib/catalogue/types.ts';

export const productUpdateSchema = z
  .strictObject({
    prices: priceObjectSchema.optional(),
    vat: z.number().min(0).max(100).optional(),
    stock_status: z.enum(STOCK_STATUSES).optional(),
    stock_quantity: z.number().int().min(0).max(1_000_000_000).optional(),
    estimated_at: z.iso.date().nullable().optional(),
    /** Who changed it (the change feed and the log name them). */
    changed_by: z.string().trim().min(1).max(120),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'changed_by'), { message: 'nothing to change: give prices, vat or a stock field' });
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export interface ProductUpdateAnswer {
  product: {
    sku: string;
    locale: string;
    prices: z.infer<typeof priceObjectSchema>;
    vat: number;
    stock_status: string;
    stock_quantity: number;
    estimated_at: string | null;
  };
  change: { seq: number; tags: string[]; locales: string[] };
}
