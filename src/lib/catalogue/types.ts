/** Catalogue value types and enumerations (docs/product/catalogue.md), shared by server, pages and islands. */

export const ProductType = { Any: 0, Standard: 1, Variant: 2, SET: 3, GiftCard: 4 } as const;
export const ImageType = {
  Zoom: 1,
  Thumb: 3,
  Gallery: 4,
  Original: 5,
  Featured: 9,
  GalleryThumb: 10,
  General: 12,
  Avatar: 13,
  Header: 16,
} as const;
export type ImageTypeValue = (typeof ImageType)[keyof typeof ImageType];

/** Stock statuses with a working-day delivery window (docs/product/delivery-estimates.md#windows-per-stock-status); any other status shows its own text. */
export const STOCK_STATUSES = ['in-stock', 'back-order-quick', 'back-order-slow', 'out-of-stock', 'on-order', 'discontinued'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export interface Tier {
  q: number;
  p: number;
}
export interface CampaignTier extends Tier {
  o: number;
  d: number;
}
/** Price object (docs/product/pricing-and-vat.md#price-object): normal tiers n, optional campaign tiers c. Amounts include VAT. */
export interface PriceObject {
  n: Tier[];
  c?: CampaignTier[];
}

export interface Thumb {
  url: string;
  width: number;
  height: number;
}
export interface Variation {
  sku: string;
  name: string;
  attributes: Record<string, string>;
}
