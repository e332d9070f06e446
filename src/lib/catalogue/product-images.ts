/**
 * Product images by type (docs/product/catalogue.md#image-type): each type sorted by sort_order; Featured and Thumb fall
 * back to a placeholder so a product without images still renders with fixed dimensions (no layout shift).
 */
import { ImageType, type ImageTypeValue } from './types.ts';

export interface ProductImage {
  type: number;
  sort_order: number;
  url: string;
  width: number;
  height: number;
}

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';
const FALLBACK_TYPES: readonly number[] = [ImageType.Featured, ImageType.Thumb];
const FALLBACK_SIZE: Record<number, number> = { [ImageType.Featured]: 600, [ImageType.Thumb]: 160 };

export function imagesOfType(images: readonly ProductImage[], type: ImageTypeValue): ProductImage[] {
  return images.filter((i) => i.type === type).sort((a, b) => a.sort_order - b.sort_order);
}

/** The first image of a type, the placeholder for Featured/Thumb, else undefined. */
export function imageOfType(images: readonly ProductImage[], type: ImageTypeValue): ProductImage | undefined {
  const found = imagesOfType(images, type)[0];
  if (found) return found;
  if (!FALLBACK_TYPES.includes(type)) return undefined;
  const size = FALLBACK_SIZE[type];
  return { type, sort_order: 0, url: PLACEHOLDER_IMAGE, width: size, height: size };
}
