/**
 * What a page hands to the add-to-cart island: the catalogue facts a cart line is made from
 * (docs/product/cart.md#line-item-fields). Prices here are for display only — the server re-prices every line on sync.
 */
import type { PriceObject, Thumb, Variation } from '#lib/catalogue/types.ts';
import { ImageType } from '#lib/catalogue/types.ts';
import { imageOfType, type ProductImage } from '#lib/catalogue/product-images.ts';

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

/**
 * The one product → add-to-cart input shaper (product pages, cards and search results): exactly these
 * fields, so no page leaks more of its product into the `data-product` JSON than a cart line needs.
 */
export function cartProductInput(p: CartProductInput): CartProductInput {
  return {
    product_id: p.product_id,
    sku: p.sku,
    name: p.name,
    slug: p.slug,
    url: p.url,
    type: p.type,
    thumb: p.thumb,
    prices: p.prices,
    vat: p.vat,
    categories: p.categories,
    group_id: p.group_id,
    discount_category: p.discount_category,
    stock_status: p.stock_status,
    estimated_at: p.estimated_at,
    orderable: p.orderable,
    variations: p.variations,
  };
}

/** A product that carries its images (page catalogue): the thumb comes from its Thumb image or the placeholder. */
export function cartProductInputWithImages(
  p: Omit<CartProductInput, 'thumb' | 'product_id' | 'categories'> & { id: number; images: ProductImage[]; categoryIds: number[] },
): CartProductInput {
  const thumb = imageOfType(p.images, ImageType.Thumb)!;
  return cartProductInput({
    ...p,
    product_id: p.id,
    categories: p.categoryIds,
    thumb: { url: thumb.url, width: thumb.width, height: thumb.height },
  });
}
