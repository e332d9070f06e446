import { describe, expect, it } from 'vitest';
import { imageOfType, imagesOfType, PLACEHOLDER_IMAGE } from '#lib/catalogue/product-images.ts';
import { ImageType } from '#lib/catalogue/types.ts';

const img = (type: number, sort_order: number, url: string) => ({ type, sort_order, url, width: 10, height: 10 });

describe('product images by type', () => {
  const images = [
    img(ImageType.Gallery, 2, 'g2'),
    img(ImageType.Gallery, 1, 'g1'),
    img(ImageType.Featured, 5, 'f5'),
    img(ImageType.Featured, 0, 'f0'),
  ];
  it('chooses by type, ordered by sort_order', () => {
    expect(imagesOfType(images, ImageType.Gallery).map((i) => i.url)).toEqual(['g1', 'g2']);
    expect(imageOfType(images, ImageType.Featured)?.url).toBe('f0');
  });
  it('falls back to the placeholder for Featured and Thumb only', () => {
    expect(imageOfType(images, ImageType.Thumb)?.url).toBe(PLACEHOLDER_IMAGE);
    expect(imageOfType([], ImageType.Featured)).toMatchObject({ url: PLACEHOLDER_IMAGE, width: 600, height: 600 });
    expect(imageOfType([], ImageType.Zoom)).toBeUndefined();
  });
});
