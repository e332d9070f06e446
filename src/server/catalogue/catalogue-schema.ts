/**
 * The portable catalogue document: what the demo generator produces and what `npm run import` accepts
 * (JSON). Validated with zod so a bad import file fails with a clear message and writes nothing.
 */
import { z } from 'zod';
import { priceObjectSchema } from '#lib/api/common.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';
import { STOCK_STATUSES } from '#lib/catalogue/types.ts';
import { parseMinorUnits } from '#lib/pricing/minor-units.ts';
import { couponDocumentSchema } from '#server/coupons/coupon-document.ts';
import { accessoriesDocumentSchema, upsellBundleDocumentSchema } from './accessories-import.ts';
import { diagramDocumentSchema, modelDocumentSchema, productNumberFields } from './model-import.ts';
import { missingSafety, resolveSafety } from '#lib/catalogue/product-safety.ts';

const localeKey = z.enum(LOCALE_CODES);
const perLocale = <T extends z.ZodType>(t: T) => z.partialRecord(localeKey, t);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lower-case letters, digits and single hyphens');

/** One earlier unit price incl. VAT of the tier from `q`, in effect from `at` (docs/product/legal.md). */
const pricePointSchema = z.object({
  at: z.iso.datetime({ offset: true }),
  q: z.number().int().min(1).default(1),
  p: z
    .number()
    .nonnegative()
    .refine((p) => parseMinorUnits(p).ok, 'price with at most 2 decimals'),
});

const image = z.object({
  type: z.number().int(),
  sort_order: z.number().int(),
  url: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/** Product safety (GPSR art. 19, docs/product/catalogue.md#product-safety): per brand, overridden per product. */
const safetyParty = z.object({
  name: z.string().min(1),
  address: z.object({
    street: z.string().min(1),
    postal_code: z.string().min(1),
    city: z.string().min(1),
    country: z.string().regex(/^[A-Z]{2}$/, 'country must be an ISO 3166-1 alpha-2 code (upper case)'),
  }),
  email: z.email().nullable().optional(),
  url: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .optional(),
});
const safetyInfo = z.object({
  manufacturer: safetyParty.nullable().optional(),
  responsible_person: safetyParty.nullable().optional(),
  warnings: perLocale(z.string().min(1)).optional(),
});

/** One element of each list in the document: also one record of a JSON Lines import (catalogue-lines.ts). */
export const categoryRecordSchema = z.object({
  id: z.number().int().positive(),
  parent_id: z.number().int().positive().nullable(),
  sort_order: z.number().int().default(0),
  show_in_menu: z.boolean().default(true),
  show_in_main_menu: z.boolean().default(false),
  thumb: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable().default(null),
  translations: perLocale(z.object({ name: z.string().min(1), slug, description: z.string().optional() })),
});
export const brandRecordSchema = z.object({
  id: z.number().int().positive(),
  slug,
  name: z.string().min(1),
  logo_url: z.string().nullable().default(null),
  safety: safetyInfo.nullable().default(null),
});
export const tagRecordSchema = z.object({
  id: z.number().int().positive(),
  translations: perLocale(z.object({ name: z.string().min(1), slug })),
});
export const productRecordSchema = z.object({
  id: z.number().int().positive(),
  sku: z.string().min(1).max(64),
  prefix: z.string().default(''),
  type: z.number().int().min(0).max(4).default(1),
  brand_id: z.number().int().positive().nullable(),
  group_id: z.number().int().nullable().default(null),
  discount_category: z.string().nullable().default(null),
  stock_status: z.enum(STOCK_STATUSES),
  stock_quantity: z.number().int().min(0).default(0),
  estimated_at: z.string().nullable().default(null),
  orderable: z.boolean().default(true),
  notifyable: z.boolean().default(false),
  decoration: z.string().nullable().default(null),
  variations: z.array(z.object({ sku: z.string(), name: z.string(), attributes: z.record(z.string(), z.string()) })).default([]),
  categories: z.array(z.object({ id: z.number().int().positive(), main: z.boolean() })).min(1),
  tags: z.array(z.number().int().positive()).default([]),
  images: z.array(image).default([]),
  translations: perLocale(z.object({ name: z.string().min(1), slug, description: z.string().default('') })),
  prices: perLocale(z.object({ prices: priceObjectSchema, vat: z.number().min(0).max(100) })),
  /** Overrides the brand's safety fields one by one. */
  safety: safetyInfo.nullable().default(null),
  /** Earlier prices per storefront, for the prior price of a reduction (docs/adr/0022-prior-price.md). */
  price_history: perLocale(z.array(pricePointSchema)).default({}),
  /** OEM numbers, cross-references and supersession (docs/product/parts-finder.md#import-format). */
  ...productNumberFields,
});
export const contentPageRecordSchema = z.object({
  locale: localeKey,
  slug: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/),
  title: z.string().min(1),
  body_html: z.string(),
  meta_description: z.string().default(''),
  published: z.boolean().default(true),
  /** The same page in the other storefronts shares this key (the studio's translations, docs/product/content-studio.md). */
  translation_key: z.string().min(1).max(120).nullable().default(null),
});
export const widgetRecordSchema = z.object({
  slug: z.string().min(1),
  locale: localeKey,
  content: z.string(),
  hidden: z.boolean().default(false),
});
export const dealRecordSchema = z.object({
  locale: localeKey,
  title: z.string(),
  product_sku: z.string(),
  discount: z.number().min(0).max(100),
  starts_at: z.string(),
  expires_at: z.string(),
});
export const searchTriggerRecordSchema = z.object({
  locale: localeKey,
  keyword: z.string().min(1),
  hint: z.string(),
  url: z.string(),
  url_title: z.string(),
});

const catalogueObject = z.object({
  categories: z.array(categoryRecordSchema),
  brands: z.array(brandRecordSchema),
  tags: z.array(tagRecordSchema),
  products: z.array(productRecordSchema),
  content_pages: z.array(contentPageRecordSchema).default([]),
  widgets: z.array(widgetRecordSchema).default([]),
  deals: z.array(dealRecordSchema).default([]),
  search_triggers: z.array(searchTriggerRecordSchema).default([]),
  coupons: z.array(couponDocumentSchema).default([]),
  /** Product relations by sku (docs/product/accessories.md#import-format). */
  accessories: z.array(accessoriesDocumentSchema).default([]),
  upsell_bundles: z.array(upsellBundleDocumentSchema).default([]),
  /** Appliance models with their diagrams and compatible parts by sku (docs/product/parts-finder.md#import-format). */
  models: z.array(modelDocumentSchema).default([]),
  /** Exploded views the models share (docs/product/parts-finder.md#import-format). */
  diagrams: z.array(diagramDocumentSchema).default([]),
});

type BrandSafety = z.output<typeof brandRecordSchema>['safety'];
type ProductRecord = z.output<typeof productRecordSchema>;

/** Why a product for sale lacks safety information (undefined: it is complete, or the product is not for sale). */
export function productSafetyProblem(p: ProductRecord, brandSafety: BrandSafety | undefined): string | undefined {
  const locales = Object.keys(p.prices);
  if (locales.length === 0) return undefined;
  const gaps = missingSafety(resolveSafety(brandSafety, p.safety), locales);
  if (gaps.length === 0) return undefined;
  return `product ${p.sku} (id ${p.id}) is for sale without complete product safety information (GPSR art. 19): missing ${gaps.join(', ')}`;
}

/**
 * A product for sale (priced in a storefront) needs complete safety information there: otherwise the import is
 * refused, naming the product (docs/product/legal.md, product safety information).
 */
export const catalogueSchema = catalogueObject.superRefine((cat, ctx) => {
  const brandSafety = new Map(cat.brands.map((b) => [b.id, b.safety]));
  cat.products.forEach((p, i) => {
    const message = productSafetyProblem(p, brandSafety.get(p.brand_id ?? -1));
    if (message) ctx.addIssue({ code: 'custom', path: ['products', i, 'safety'], message });
  });
});

export type CatalogueInput = z.input<typeof catalogueSchema>;
export type Catalogue = z.output<typeof catalogueSchema>;
