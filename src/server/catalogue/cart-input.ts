/** A page product as the add-to-cart slot's CartProductInput (src/lib/cart-product.ts). */
import type { CartProductInput } from '#lib/cart/product-input.ts';
import { ImageType } from '#lib/catalogue/types.ts';
import { imageOfType } from '#lib/catalogue/product-images.ts';
import type { PageProduct } from './page-catalogue.ts';

export function cartInput(p: PageProduct): CartProductInput {
  const thumb = imageOfType(p.images, ImageType.Thumb)!;
  return {
    product_id: p.id, sku: p.sku, name: p.name, slug: p.slug, url: p.url, type: p.type,
    thumb: { url: thumb.url, width: thumb.width, height: thumb.height }, prices: p.prices, vat: p.vat,
    categories: p.categoryIds, group_id: p.group_id, discount_category: p.discount_category,
    stock_status: p.stock_status, estimated_at: p.estimated_at, orderable: p.orderable, variations: p.variations,
  };
}
