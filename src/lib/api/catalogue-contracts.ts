/** Catalogue and search calls: category tree, category children, search triggers, products (docs/product/api.md). */
import { z } from 'zod';
import { AVAILABILITIES, LISTING_SORTS } from '#lib/catalogue/listing-query.ts';
import { priceObjectSchema, thumbSchema, variationSchema, type ApiThumb } from './common.ts';

// ---------------------------------------------------------------------------------------------------
// GET /api/product-categories?v=2

export interface ApiCategory {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  show_in_menu: boolean;
  show_in_main_menu: boolean;
  hierarchy: string[];
  thumb: ApiThumb | null;
  children: ApiCategory[];
  uri: string;
}
export const categorySchema: z.ZodType<ApiCategory> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    parent_id: z.number().nullable(),
    show_in_menu: z.boolean(),
    show_in_main_menu: z.boolean(),
    hierarchy: z.array(z.string()),
    thumb: thumbSchema.nullable(),
    children: z.array(categorySchema),
    uri: z.string(),
  }),
);
export const productCategoriesQuerySchema = z.object({ v: z.literal('2').optional() });
// ---------------------------------------------------------------------------------------------------
// POST /api/category-children: { productIDs, Categories } → { [categoryId]: child categories holding those products }

export const categoryChildrenRequestSchema = z.object({
  productIDs: z.array(z.number().int().positive()).max(1000).default([]),
  Categories: z.array(z.number().int().positive()).max(200).default([]),
});
export type CategoryChildrenRequest = z.input<typeof categoryChildrenRequestSchema>;
export const categoryChildSchema = z.object({ id: z.number(), name: z.string(), slug: z.string(), uri: z.string() });
export type CategoryChild = z.infer<typeof categoryChildSchema>;
export const categoryChildrenResponseSchema = z.record(z.string(), z.array(categoryChildSchema));
export type CategoryChildrenResponse = z.infer<typeof categoryChildrenResponseSchema>;
// ---------------------------------------------------------------------------------------------------
// GET /api/search-triggers?query=

export const searchTriggersQuerySchema = z.object({ query: z.string().trim().min(2).max(200) });
export const searchTriggerHintSchema = z.object({ id: z.number(), hint: z.string(), url: z.string(), url_title: z.string() });
export type SearchTriggerHint = z.infer<typeof searchTriggerHintSchema>;
// ---------------------------------------------------------------------------------------------------
// GET /api/models?query= (docs/product/api.md#models)

export const modelsQuerySchema = z.object({ query: z.string().trim().min(2).max(200) });
export const modelHitSchema = z.object({
  id: z.number().int(),
  /** "Reservdelar till Bosch SMS46GI01E diskmaskin": the storefront's words. */
  name: z.string(),
  number: z.string(),
  brand: z.string(),
  /** The appliance type as the storefront names it ("Diskmaskin"). */
  type: z.string(),
  /** Years of manufacture when known. */
  years: z.object({ from: z.number().int().nullable(), to: z.number().int().nullable() }),
  /** The model page's path on this storefront. */
  url: z.string(),
});
export type ModelHit = z.infer<typeof modelHitSchema>;
export const modelsResponseSchema = z.object({ models: z.array(modelHitSchema).max(10) });
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;
// ---------------------------------------------------------------------------------------------------
// GET /api/search-suggestions?query= (docs/product/api.md#search-suggestions)

export const searchSuggestionsQuerySchema = z.object({ query: z.string().trim().min(2).max(200) });
export const searchSuggestionsSchema = z.object({
  /** Queries completing the word being typed, commonest first; each finds products. */
  completions: z.array(z.string()),
  /** For a query that finds nothing: the nearest query that does, else null. */
  did_you_mean: z.string().nullable(),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;
// ---------------------------------------------------------------------------------------------------
// GET /api/products?query=&nc=true&co=true&provider=&limit=&offset= | &page=

export const SEARCH_MAX_LIMIT = 100;
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const idList = z
  .string()
  .max(200)
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^[1-9]\d{0,8}$/, 'ids are positive integers')
          .transform(Number),
      )
      .max(20),
  );

export const productsQuerySchema = z.object({
  /** docs/product/api.md#products: longer than 1 character after trimming. */
  query: z.string().trim().min(2, 'query must be longer than 1 character').max(200),
  nc: flag.optional(),
  co: flag.optional(),
  /** Experiment choice (docs/product/search.md#providers): `external` asks for the external provider, anything else gets the internal engine. */
  provider: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).max(10_000).optional(),
  page: z.coerce.number().int().min(1).max(1000).optional(),
  // Refining (docs/product/search.md#refining-results): all optional; the answer's total counts the refined results.
  /** Brand ids, comma-separated. */
  brand: idList.optional(),
  /** Main category ids, comma-separated. */
  category: idList.optional(),
  /** Availabilities (in-stock, back-order, on-order, out-of-stock, discontinued), comma-separated. */
  stock: z
    .string()
    .max(200)
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.enum(AVAILABILITIES)).max(AVAILABILITIES.length))
    .optional(),
  price_min: z.coerce.number().min(0).max(100_000_000).optional(),
  price_max: z.coerce.number().min(0).max(100_000_000).optional(),
  /** `ex`: price_min/price_max exclude VAT (the shopper's display mode). */
  vat: z.literal('ex').optional(),
  /** Absent or `relevance`: best match first. */
  sort: z.enum(['relevance', ...LISTING_SORTS]).optional(),
  /** Include `facets` (brands, categories, stock statuses, price range) in the answer. */
  facets: flag.optional(),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

/** The facets of a search (docs/product/api.md#products), each counted with every other filter applied. */
export const searchFacetsSchema = z.object({
  brands: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })),
  categories: z.array(z.object({ id: z.number(), name: z.string(), uri: z.string(), count: z.number() })),
  stock: z.array(z.object({ status: z.enum(AVAILABILITIES), count: z.number() })),
  price: z.object({ min: z.number(), max: z.number() }).nullable(),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

/** The prior price of one campaign tier (docs/adr/0022-prior-price.md): minor units incl. VAT. */
export const priorPriceSchema = z.object({ q: z.number(), minor: z.number().int(), reduced_at: z.string() });

/** Product search result (docs/product/api.md#products). */
export const productSearchResultSchema = z.object({
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  prefix: z.string(),
  url_fragment: z.string(),
  thumb: thumbSchema.nullable(),
  metadata: z.object({ decoration: z.string().nullable() }),
  categories: z.array(z.object({ name: z.string(), main: z.boolean() })),
  orderable: z.boolean(),
  notifyable: z.boolean(),
  stock_status: z.string(),
  estimated_at: z.string().nullable(),
  prices: priceObjectSchema,
  /** Campaign tiers' prior prices (docs/product/api.md#products); a campaign tier without one announces no reduction. */
  prior_prices: z.array(priorPriceSchema),
  vat: z.number(),
  group_id: z.number().nullable(),
  discount_category: z.string().nullable(),
  variations: z.array(variationSchema),
  score: z.number(),
  /**
   * Why a number query found this product (null otherwise) (docs/product/api.md#part-numbers): the OEM number, cross-reference or old
   * number it matched (`replaces`: a number of a product this one supersedes; `sku`: this superseded product's sku).
   */
  matched_number: z
    .object({ kind: z.enum(['oem', 'cross', 'replaces', 'sku']), number: z.string(), maker: z.string().nullable() })
    .nullable(),
  /** The old number this product replaces, when that is what the query matched; else null. */
  replaces: z.string().nullable(),
  /** The part sold now (end of the supersession chain) when this product is replaced; else null. */
  replaced_by: z.object({ sku: z.string(), name: z.string(), slug: z.string() }).nullable(),
});
export type ProductSearchResult = z.infer<typeof productSearchResultSchema>;

/** A category facet of a search (nc=true); `count` only with co=true. */
export const searchCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  uri: z.string(),
  hierarchy: z.array(z.string()),
  count: z.number().optional(),
});
export type SearchCategory = z.infer<typeof searchCategorySchema>;

/** Body of GET /api/products; header x-be-records carries the total number of matches. */
export const productsResponseSchema = z.object({ products: z.array(productSearchResultSchema), categories: z.array(searchCategorySchema) });
export type ProductsResponse = z.infer<typeof productsResponseSchema>;
