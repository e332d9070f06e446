import { describe, expect, it } from 'vitest';
import { altTextOf, errorMessageOf, uploadedImage } from '#lib/content/studio-media.ts';
import { PREVIEW_WIDTHS, previewScale } from '#lib/content/studio-preview.ts';

describe('studio images', () => {
  it('requires an alt text of 1–300 characters, whitespace folded', () => {
    expect(altTextOf('  A  red\n pump ')).toBe('A red pump');
    expect(altTextOf('   ')).toBeUndefined();
    expect(altTextOf('x'.repeat(300))).toHaveLength(300);
    expect(altTextOf('x'.repeat(301))).toBeUndefined();
  });

  it('reads the media answer, keeping only root-relative sources', () => {
    const ok = {
      id: 'm1',
      src: '/media/a/800.webp',
      srcset: '/media/a/400.webp 400w, /media/a/800.webp 800w',
      sizes: '100vw',
      width: 800,
      height: 600,
      alt: 'A pump',
    };
    expect(uploadedImage(ok)).toEqual({ src: ok.src, srcset: ok.srcset, sizes: '100vw', width: 800, height: 600, alt: 'A pump' });
    expect(uploadedImage({ ...ok, src: 'https://evil.example/x.png' })).toBeUndefined();
    expect(uploadedImage({ ...ok, src: '//evil.example/x.png' })).toBeUndefined();
    expect(uploadedImage({ ...ok, width: 'wide', srcset: 3 })).toMatchObject({ width: 0, srcset: '' });
    expect(uploadedImage(null)).toBeUndefined();
  });

  it('answers the error message of an error body, else the status', () => {
    expect(errorMessageOf(400, { error: { code: 'invalid_request', message: 'alt: required' } })).toBe('alt: required');
    expect(errorMessageOf(502, undefined)).toBe('HTTP 502');
  });
});

describe('studio preview', () => {
  it('scales a frame down to its column, never up', () => {
    expect(previewScale(640, PREVIEW_WIDTHS.desktop)).toBe(0.5);
    expect(previewScale(500, PREVIEW_WIDTHS.mobile)).toBe(1);
    expect(previewScale(0, PREVIEW_WIDTHS.mobile)).toBe(1);
    expect(previewScale(10, PREVIEW_WIDTHS.desktop)).toBe(0.1);
  });
});
