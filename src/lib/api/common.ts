/**
 * Pieces every API contract shares: body limits, the price object, thumbs, and the locale + sid pair
 * that every call carries (docs/product/api.md). Pure (zod only): islands import these types too.
 */
import { z } from 'zod';
import { LOCALES, isLocaleCode, type LocaleCode } from '#lib/market/locales.ts';

// ---------------------------------------------------------------------------------------------------
export const MAX_JSON_BODY_BYTES = 64 * 1024;
export const MAX_QUANTITY = 5000;
/** A business buyer's quick order puts hundreds of lines in one cart (docs/product/quick-order.md). */
export const MAX_CART_LINES = 500;
/** What a cart-carrying call may send: 500 lines of about 250 bytes each. */
export const MAX_CART_BODY_BYTES = 256 * 1024;
export const MAX_COUPONS = 20;

export const thumbSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type ApiThumb = z.infer<typeof thumbSchema>;

/** A price tier as clients may echo it back (read loosely: the server never trusts client prices). */
export const tierSchema = z.object({ q: z.number(), p: z.number() });
/**
 * The price object (docs/product/pricing-and-vat.md): n normal tiers (at least one), optional c campaign
 * tiers with the original price o and percent off d. The one schema for API answers and catalogue imports.
 */
const validTier = z.object({ q: z.number().int().min(1), p: z.number().nonnegative() });
export const priceObjectSchema = z.object({
  n: z.array(validTier).min(1),
  c: z.array(validTier.extend({ o: z.number().nonnegative(), d: z.number().min(0).max(100) })).optional(),
});

export const variationSchema = z.object({ sku: z.string(), name: z.string(), attributes: z.record(z.string(), z.string()) });
// ---------------------------------------------------------------------------------------------------
// locale + sid: every API request carries both, and they must agree (sid = LOCALES[locale].storeID).

export type StoreQuery = { ok: true; locale: LocaleCode; sid: number } | { ok: false; code: 'bad_locale'; message: string };

export function parseStoreQuery(params: URLSearchParams): StoreQuery {
  const locale = params.get('locale');
  const sidText = params.get('sid');
  if (!isLocaleCode(locale)) return { ok: false, code: 'bad_locale', message: 'query parameter locale must be one of sv, no, da, fi, nl' };
  if (sidText === null || !/^\d{1,3}$/.test(sidText))
    return { ok: false, code: 'bad_locale', message: 'query parameter sid must be the store id of the locale' };
  const sid = Number(sidText);
  if (LOCALES[locale].storeID !== sid)
    return { ok: false, code: 'bad_locale', message: `sid ${sid} is not the store id of locale ${locale}` };
  return { ok: true, locale, sid };
}

/** The query string an API client appends to every call. */
export function storeQuery(locale: LocaleCode): string {
  return `locale=${locale}&sid=${LOCALES[locale].storeID}`;
}
