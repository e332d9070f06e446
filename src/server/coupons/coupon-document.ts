/** Coupons and automatic discounts as part of the catalogue document (seed and `npm run import`). */
import { z } from 'zod';
import { LOCALE_CODES } from '#lib/market/locales.ts';

const ids = z.array(z.number().int().positive()).default([]);

export const couponDocumentSchema = z.object({
  code: z.string().regex(/^[A-Z0-9-]{3,32}$/, 'coupon codes are 3–32 upper-case letters, digits or hyphens'),
  locale: z.enum(LOCALE_CODES),
  automatic: z.boolean().default(false),
  label: z.string().default(''),
  discount_type_value: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  percentage_discount: z.number().min(0).max(100).default(0),
  fixed_amount: z.number().nonnegative().default(0),
  minimum_spend: z.number().nonnegative().default(0),
  specific_groups: ids,
  excluded_groups: ids,
  specific_discount_categories: z.array(z.string()).default([]),
  buy_x: z.number().int().min(0).default(0),
  get_y: z.number().int().min(0).default(0),
  buy_products: ids,
  get_products: ids,
  buy_categories: ids,
  get_categories: ids,
  buy_groups: ids,
  get_groups: ids,
  buyx_free_amount: z.number().nonnegative().default(0),
  /** Stacking (docs/adr/0011-coupon-stacking.md): nothing stacks unless the row allows it. */
  combinable: z.boolean().default(false),
  with_automatic: z.boolean().default(false),
  starts_at: z.string().nullable().default(null),
  expires_at: z.string().nullable().default(null),
});
export type CouponDocument = z.output<typeof couponDocumentSchema>;

export function couponRow(c: CouponDocument) {
  return {
    ...c,
    automatic: c.automatic ? 1 : 0,
    combinable: c.combinable ? 1 : 0,
    with_automatic: c.with_automatic ? 1 : 0,
    active: 1,
    specific_groups: JSON.stringify(c.specific_groups),
    excluded_groups: JSON.stringify(c.excluded_groups),
    specific_discount_categories: JSON.stringify(c.specific_discount_categories),
    buy_products: JSON.stringify(c.buy_products),
    get_products: JSON.stringify(c.get_products),
    buy_categories: JSON.stringify(c.buy_categories),
    get_categories: JSON.stringify(c.get_categories),
    buy_groups: JSON.stringify(c.buy_groups),
    get_groups: JSON.stringify(c.get_groups),
  };
}
