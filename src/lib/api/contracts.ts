/**
 * Request and response bodies of the public JSON API (SPEC §7), as zod schemas + inferred types.
 * Pure (zod only): islands and stores import these types in the browser; endpoints validate with them.
 * Field names are exactly those of SPEC §3 (cart line item, coupon, product search result, category …).
 */
import { z } from 'zod';
import { LOCALES, isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';

// ---------------------------------------------------------------------------------------------------
// Common pieces

/** Every error answer: `{ "error": { "code", "message" } }` with a 4xx/5xx status. */
export const apiErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type ApiError = z.infer<typeof apiErrorSchema>;

export const MAX_JSON_BODY_BYTES = 64 * 1024;
export const MAX_QUANTITY = 5000;
export const MAX_CART_LINES = 200;
export const MAX_COUPONS = 20;

export const thumbSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type ApiThumb = z.infer<typeof thumbSchema>;

export const tierSchema = z.object({ q: z.number(), p: z.number() });
export const campaignTierSchema = tierSchema.extend({ o: z.number(), d: z.number() });
/** SPEC §3 Price object: n normal tiers, optional c campaign tiers. */
export const priceObjectSchema = z.object({ n: z.array(tierSchema), c: z.array(campaignTierSchema).optional() });

export const variationSchema = z.object({ sku: z.string(), name: z.string(), attributes: z.record(z.string(), z.string()) });

// ---------------------------------------------------------------------------------------------------
// locale + sid: every API request carries both, and they must agree (sid = LOCALES[locale].storeID).

export type StoreQuery = { ok: true; locale: LocaleCode; sid: number } | { ok: false; code: 'bad_locale'; message: string };

export function parseStoreQuery(params: URLSearchParams): StoreQuery {
  const locale = params.get('locale');
  const sidText = params.get('sid');
  if (!isLocaleCode(locale)) return { ok: false, code: 'bad_locale', message: 'query parameter locale must be one of sv, no, da, fi, nl' };
  if (sidText === null || !/^\d{1,3}$/.test(sidText)) return { ok: false, code: 'bad_locale', message: 'query parameter sid must be the store id of the locale' };
  const sid = Number(sidText);
  if (LOCALES[locale].storeID !== sid) return { ok: false, code: 'bad_locale', message: `sid ${sid} is not the store id of locale ${locale}` };
  return { ok: true, locale, sid };
}

/** The query string an API client appends to every call. */
export function storeQuery(locale: LocaleCode): string {
  return `locale=${locale}&sid=${LOCALES[locale].storeID}`;
}

// ---------------------------------------------------------------------------------------------------
// GET /api/current-deal (200 with a Deal, or 204 when no deal is running)

export const dealSchema = z.object({
  title: z.string(), product_name: z.string(), product_slug: z.string(), discount: z.number(),
  starts_at: z.string(), expires_at: z.string(),
});
export type Deal = z.infer<typeof dealSchema>;

// ---------------------------------------------------------------------------------------------------
// GET /api/widget-by-slug/{slug}

export const WIDGET_SLUGS = ['cookie-alert', 'cart-footer', 'cart-header', 'footer-columns', 'store-message', 'store-message-footer'] as const;
export type WidgetSlug = (typeof WIDGET_SLUGS)[number];
export const widgetSlugSchema = z.enum(WIDGET_SLUGS);

/** SPEC §3 Widget. `content` is sanitized HTML; message/messageHidden are kept for the store message. */
export const widgetSchema = z.object({
  content: z.string(), hidden: z.boolean(), message: z.string().optional(), messageHidden: z.boolean().optional(),
});
export type Widget = z.infer<typeof widgetSchema>;

// ---------------------------------------------------------------------------------------------------
// GET /api/product-categories?v=2

export interface ApiCategory {
  id: number; name: string; slug: string; parent_id: number | null; show_in_menu: boolean; show_in_main_menu: boolean;
  hierarchy: string[]; thumb: ApiThumb | null; children: ApiCategory[]; uri: string;
}
export const categorySchema: z.ZodType<ApiCategory> = z.lazy(() => z.object({
  id: z.number(), name: z.string(), slug: z.string(), parent_id: z.number().nullable(),
  show_in_menu: z.boolean(), show_in_main_menu: z.boolean(), hierarchy: z.array(z.string()),
  thumb: thumbSchema.nullable(), children: z.array(categorySchema), uri: z.string(),
}));
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
// GET /api/strings → nested translation strings (src/locales/{locale}.json merged with DB overrides)

export type Strings = { [key: string]: string | string[] | Strings };

// ---------------------------------------------------------------------------------------------------
// GET /api/products?query=&nc=true&co=true&provider=&limit=&offset= | &page=

export const SEARCH_MAX_LIMIT = 100;
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const productsQuerySchema = z.object({
  /** SPEC §5: longer than 1 character after trimming. */
  query: z.string().trim().min(2, 'query must be longer than 1 character').max(200),
  nc: flag.optional(),
  co: flag.optional(),
  /** Experiment choice (SPEC §4); the internal engine answers for every provider. */
  provider: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).max(10_000).optional(),
  page: z.coerce.number().int().min(1).max(1000).optional(),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

/** SPEC §3 Product search result. */
export const productSearchResultSchema = z.object({
  name: z.string(), slug: z.string(), sku: z.string(), prefix: z.string(), url_fragment: z.string(),
  thumb: thumbSchema.nullable(),
  metadata: z.object({ decoration: z.string().nullable() }),
  categories: z.array(z.object({ name: z.string(), main: z.boolean() })),
  orderable: z.boolean(), notifyable: z.boolean(), stock_status: z.string(), estimated_at: z.string().nullable(),
  prices: priceObjectSchema, vat: z.number(), group_id: z.number().nullable(), discount_category: z.string().nullable(),
  variations: z.array(variationSchema), score: z.number(),
});
export type ProductSearchResult = z.infer<typeof productSearchResultSchema>;

/** A category facet of a search (nc=true); `count` only with co=true. */
export const searchCategorySchema = z.object({
  id: z.number(), name: z.string(), slug: z.string(), uri: z.string(), hierarchy: z.array(z.string()), count: z.number().optional(),
});
export type SearchCategory = z.infer<typeof searchCategorySchema>;

/** Body of GET /api/products; header x-be-records carries the total number of matches. */
export const productsResponseSchema = z.object({ products: z.array(productSearchResultSchema), categories: z.array(searchCategorySchema) });
export type ProductsResponse = z.infer<typeof productsResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Cart line item (SPEC §3) — the element of the POST /api/sync-cart answer.

export const cartLineItemSchema = z.object({
  uuid: z.string(),
  type: z.number(),
  thumb: thumbSchema.nullable(),
  name: z.string(),
  slug: z.string(),
  product_id: z.number(),
  sku: z.string(),
  cross_selling_product_id: z.number().nullable(),
  upselling_bundle_id: z.number().nullable(),
  unique_bundle_id: z.string().nullable(),
  added_by_coupon: z.string().nullable(),
  quantity: z.number(),
  /** Unit price incl. VAT that the shopper pays (tier, campaign and coupons applied by the server). */
  price: z.number(),
  /** Unit price incl. VAT from the normal tiers for this quantity (what price is compared with). */
  ordinary_price: z.number(),
  pricing: z.array(tierSchema),
  vat: z.number(),
  categories: z.array(z.number()),
  group_id: z.number().nullable(),
  discount_category: z.string().nullable(),
  stock_status: z.string(),
  estimated_at: z.string().nullable(),
  subscription_interval: z.object({ name: z.string() }).nullable(),
  /** Warning text key/message for the line (SPEC §4: shown as a warning). */
  cart_notice: z.string().nullable(),
  /** Set when the server changed the requested quantity (SPEC §4: danger text product.adjusted_quantity). */
  adjusted_quantity: z.number().nullable(),
  campaign: z.boolean(),
});
export type CartLineItem = z.infer<typeof cartLineItemSchema>;

/**
 * What a client may send for a line: identity and quantity are used; every price field is accepted
 * (clients send their whole line) but ignored — the server re-prices from its own data.
 */
const optionalId = z.number().int().nullable().optional();
export const cartLineInputSchema = z.object({
  uuid: z.string().max(64).optional(),
  sku: z.string().min(1).max(64),
  product_id: z.number().int().optional(),
  quantity: z.number().int('quantity must be an integer').min(0, 'quantity must not be negative').max(1_000_000),
  cross_selling_product_id: optionalId,
  upselling_bundle_id: optionalId,
  unique_bundle_id: z.string().max(64).nullable().optional(),
  added_by_coupon: z.string().max(64).nullable().optional(),
  subscription_interval: z.object({ name: z.string().max(64) }).nullable().optional(),
  price: z.number().optional(),
  ordinary_price: z.number().optional(),
  pricing: z.array(tierSchema).max(50).optional(),
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** A coupon as a client holds it: the code is all the server uses. */
export const couponRefSchema = z.union([
  z.string().trim().min(1).max(64),
  z.object({ code: z.string().trim().min(1).max(64) }).transform((c) => c.code),
]);

/**
 * POST /api/sync-cart. The atc preload form sends only items and checkout_order_id.
 * Answer: CartLineItem[]; header `x-be-internal: 1` marks an internal cart.
 */
export const syncCartRequestSchema = z.object({
  items: z.array(cartLineInputSchema).max(MAX_CART_LINES),
  coupons: z.array(couponRefSchema).max(MAX_COUPONS).optional(),
  checkout_order_id: z.union([z.string().max(64), z.number().int()]).nullable().optional(),
});
export type SyncCartRequest = z.input<typeof syncCartRequestSchema>;
export const syncCartResponseSchema = z.array(cartLineItemSchema);
export type SyncCartResponse = CartLineItem[];

// ---------------------------------------------------------------------------------------------------
// Coupon or discount (SPEC §3) — the element of the POST /api/sync-coupons answer.

export const couponSchema = z.object({
  code: z.string(),
  applied: z.boolean(),
  failed_minimum_spend: z.boolean(),
  /** Percent off (0–100) for percentage coupons and buy-X-get-Y; 0 otherwise. */
  percentage_discount: z.number(),
  specific_groups: z.array(z.number()),
  excluded_groups: z.array(z.number()),
  specific_discount_categories: z.array(z.string()),
  buy_x: z.number(),
  get_y: z.number(),
  buy_products: z.array(z.number()),
  get_products: z.array(z.number()),
  buy_categories: z.array(z.number()),
  get_categories: z.array(z.number()),
  buy_groups: z.array(z.number()),
  get_groups: z.array(z.number()),
  buyx_free_amount: z.number(),
  /** VAT contained in the discount this coupon gives on the current cart, and its rate (percent). */
  vat_amount: z.number(),
  vat_rate: z.number(),
  discount_label: z.string(),
  /** Product ids the coupon discounted on the current cart. */
  all_affected_items: z.array(z.number()),
  discount_type_percentage: z.boolean(),
  /** 1 percentage, 2 fixed amount off the cart, 3 fixed amount off full-price (non-campaign) items only. */
  discount_type_value: z.number(),
  /** Amount off incl. VAT for fixed-amount coupons (and CUSTOMERDISCOUNT); 0 otherwise. */
  fixed_amount: z.number(),
});
export type Coupon = z.infer<typeof couponSchema>;

/**
 * POST /api/sync-coupons: the coupons held + the cart; answer Coupon[] (cached 5 min unless ignoreCache):
 * one entry per held code in the order sent (unknown codes with applied: false), then the automatic
 * discounts that applied to this cart. Header x-cache: HIT | MISS.
 */
export const syncCouponsRequestSchema = z.object({
  coupons: z.array(couponRefSchema).max(MAX_COUPONS),
  cart_contents: z.array(cartLineInputSchema).max(MAX_CART_LINES).default([]),
  ignoreCache: z.boolean().optional(),
});
export type SyncCouponsRequest = z.input<typeof syncCouponsRequestSchema>;
export const syncCouponsResponseSchema = z.array(couponSchema);

// ---------------------------------------------------------------------------------------------------
// myAccount auth (SPEC §4, §7): POST /api/auth/login, POST /api/auth/refresh, GET /api/auth/profile.
// Tokens live 3600 s; send the access token as `Authorization: Bearer …` (profile, and sync-cart /
// sync-coupons for the customer's discounts and CUSTOMERDISCOUNT).

export const loginRequestSchema = z.object({ email: z.string().trim().min(3).max(254), password: z.string().min(1).max(256) });
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const refreshRequestSchema = z.object({ refresh_token: z.string().min(1).max(1024) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** SPEC §3 User: the discount map is percent per discount category. */
export const authUserSchema = z.object({ id: z.number(), email: z.string(), name: z.string(), discount: z.record(z.string(), z.number()) });
export type AuthUser = z.infer<typeof authUserSchema>;
export const authResponseSchema = z.object({ access_token: z.string(), refresh_token: z.string(), user: authUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
/** GET /api/auth/profile answers `{ user }`. */
export const profileResponseSchema = z.object({ user: authUserSchema });

// ---------------------------------------------------------------------------------------------------
// myOrder auth (SPEC §4, §7): guest access to ONE order. POST /api/order-auth/login with the order number
// and the e-mail it was placed with, POST /api/order-auth/refresh, GET /api/order-auth/info.

export const orderLoginRequestSchema = z.object({
  order_id: z.union([z.string(), z.number().int()]).transform(String).pipe(z.string().trim().min(1).max(64)),
  email: z.string().trim().min(3).max(254),
});
export type OrderLoginRequest = z.input<typeof orderLoginRequestSchema>;
/** SPEC §3 User for guest-order users: scope and order_id. */
export const orderUserSchema = z.object({ scope: z.literal('my-order'), order_id: z.string(), email: z.string() });
export type OrderUser = z.infer<typeof orderUserSchema>;
export const orderAuthResponseSchema = z.object({ access_token: z.string(), refresh_token: z.string(), user: orderUserSchema });
export type OrderAuthResponse = z.infer<typeof orderAuthResponseSchema>;
export const orderLineSchema = z.object({ sku: z.string(), name: z.string(), quantity: z.number(), price: z.number() });
/** GET /api/order-auth/info answers `{ user, order }`. */
export const orderInfoResponseSchema = z.object({
  user: orderUserSchema,
  order: z.object({ id: z.string(), locale: z.string(), status: z.string(), currency: z.string(), total: z.number(), created_at: z.string(), items: z.array(orderLineSchema) }),
});
export type OrderInfoResponse = z.infer<typeof orderInfoResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// POST /captuerr (client errors; 204 on success)

export const CAPTUERR_LEVELS = ['error', 'warning', 'info'] as const;
export const captuerrRequestSchema = z.object({
  error: z.string().min(1).max(2000),
  level: z.enum(CAPTUERR_LEVELS).default('error'),
  stack: z.string().max(16_000).optional(),
  userAgent: z.string().max(512).optional(),
  url: z.string().max(2048).optional(),
});
export type CaptuerrRequest = z.input<typeof captuerrRequestSchema>;
