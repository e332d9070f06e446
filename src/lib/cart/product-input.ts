/**
 * What a page hands to the add-to-cart island: the catalogue facts a cart line is made from (SPEC §3
 * Cart line item). Prices here are for display only — the server re-prices every line on sync.
 */
import type { PriceObject, Thumb, Variation } from '#lib/catalogue/types.ts';

export interface CartProductInput {
  product_id: number;
  sku: string;
  name: string;
  slug: string;
  /** Public product page path on this storefront (pathFor('product', …)). */
  url: string;
  type: number;
  thumb: Thumb | null;
  prices: PriceObject;
  vat: number;
  categories: number[];
  group_id: number | null;
  discount_category: string | null;
  stock_status: string;
  estimated_at: string | null;
  orderable: boolean;
  variations: Variation[];
}
