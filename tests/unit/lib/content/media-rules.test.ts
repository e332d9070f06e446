import { describe, expect, it } from 'vitest';
import {
  ALT_MAX_CHARS,
  dimensionRefusal,
  etagMatches,
  fallbackFormat,
  fallbackWidth,
  imageAttributes,
  MEDIA_REFUSALS,
  MediaRefusedError,
  refusalText,
  type MediaRefusal,
  MEDIA_MAX_BYTES,
  mediaEtag,
  mediaPath,
  normaliseAlt,
  parseMediaPath,
  sniffImageType,
  uploadRefusal,
  variantWidths,
} from '#lib/content/media-rules.ts';
import en from '#locales/backoffice/en.json' with { type: 'json' };
import sv from '#locales/backoffice/sv.json' with { type: 'json' };

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest');
const ID = '0123456789abcdef0123456789abcdef';

describe('media file checks', () => {
  it('knows an image by its first bytes, never by its name', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageType(PNG)).toBe('png');
    expect(sniffImageType(bytes('GIF89a...'))).toBe('gif');
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(sniffImageType(bytes([0, 0, 0, 0x1c], 'ftypavif'))).toBe('avif');
    expect(sniffImageType(bytes('hello, I am a text file renamed .png'))).toBeUndefined();
    expect(sniffImageType(bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('svg');
    expect(sniffImageType(bytes('  <svg viewBox="0 0 1 1"/>'))).toBe('svg');
  });

  it('refuses empty, too large, SVG and non-image files', () => {
    expect(uploadRefusal({ size: PNG.length, bytes: PNG })).toBeUndefined();
    expect(uploadRefusal({ size: 0, bytes: new Uint8Array() })).toBe('no_file');
    expect(uploadRefusal({ size: MEDIA_MAX_BYTES + 1, bytes: PNG })).toBe('too_large');
    expect(uploadRefusal({ size: 30, bytes: bytes('<svg xmlns="x"></svg>') })).toBe('svg');
    expect(uploadRefusal({ size: 5, bytes: bytes('hello') })).toBe('not_image');
  });

  it('refuses images over 40 megapixels or without a size', () => {
    expect(dimensionRefusal(8000, 5000)).toBeUndefined();
    expect(dimensionRefusal(8000, 5001)).toBe('too_many_pixels');
    expect(dimensionRefusal(0, 10)).toBe('unreadable');
  });

  it('requires an alt text of 1–300 characters, spaces folded', () => {
    expect(normaliseAlt('  A  red\n pump ')).toEqual({ ok: true, alt: 'A red pump' });
    expect(normaliseAlt('   ')).toEqual({ ok: false, reason: 'alt_missing' });
    expect(normaliseAlt(null)).toEqual({ ok: false, reason: 'alt_missing' });
    expect(normaliseAlt('x'.repeat(ALT_MAX_CHARS)).ok).toBe(true);
    expect(normaliseAlt('x'.repeat(ALT_MAX_CHARS + 1))).toEqual({ ok: false, reason: 'alt_too_long' });
  });

  it('refuses as 400 invalid_request naming the field, the numbers filled into the text', () => {
    const tooMany = new MediaRefusedError('too_many_pixels');
    expect([tooMany.code, tooMany.status, tooMany.field, tooMany.reason]).toEqual(['invalid_request', 400, 'file', 'too_many_pixels']);
    expect(tooMany.message).toMatch(/more than 40 megapixels/);
    expect(new MediaRefusedError('alt_too_long')).toMatchObject({ field: 'alt', message: expect.stringMatching(/300 characters/) });
    expect(refusalText('Filen är större än {mb} MB.')).toBe('Filen är större än 10 MB.');
    for (const reason of Object.keys(MEDIA_REFUSALS) as MediaRefusal[]) {
      expect(en[`media.refused.${reason}`], reason).toBeTruthy();
      expect(sv[`media.refused.${reason}`], reason).toBeTruthy();
    }
  });
});

describe('media variants', () => {
  it('stores 480, 960 and 1600 px, never wider than the original', () => {
    expect(variantWidths(4000)).toEqual([480, 960, 1600]);
    expect(variantWidths(1600)).toEqual([480, 960, 1600]);
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(960)).toEqual([480, 960]);
    expect(variantWidths(300)).toEqual([300]);
    expect(fallbackWidth(4000)).toBe(960);
    expect(fallbackWidth(300)).toBe(300);
    expect(fallbackFormat(false)).toBe('jpeg');
    expect(fallbackFormat(true)).toBe('png');
  });

  it('names each variant by a root-relative /media address and parses it back', () => {
    expect(mediaPath(ID, 960, 'webp')).toBe(`/media/${ID}-960.webp`);
    expect(mediaPath(ID, 960, 'jpeg')).toBe(`/media/${ID}-960.jpg`);
    expect(parseMediaPath(`/media/${ID}-480.webp`)).toEqual({ id: ID, width: 480, format: 'webp' });
    expect(parseMediaPath(`/media/${ID}-960.png`)).toEqual({ id: ID, width: 960, format: 'png' });
    for (const bad of [
      `/media/${ID}-0.webp`,
      `/media/${ID}-480.gif`,
      `/media/${ID.toUpperCase()}-480.webp`,
      '/media/x-480.webp',
      `/media/${ID}-480.webp/x`,
    ])
      expect(parseMediaPath(bad), bad).toBeUndefined();
  });

  it('answers src (the fallback), srcset (WebP by width), sizes and the largest size', () => {
    const a = imageAttributes(ID, [
      { width: 960, height: 480, format: 'jpeg' },
      { width: 1600, height: 800, format: 'webp' },
      { width: 480, height: 240, format: 'webp' },
      { width: 960, height: 480, format: 'webp' },
    ]);
    expect(a.src).toBe(`/media/${ID}-960.jpg`);
    expect(a.srcset).toBe(`/media/${ID}-480.webp 480w, /media/${ID}-960.webp 960w, /media/${ID}-1600.webp 1600w`);
    expect(a.sizes).toMatch(/100vw/);
    expect([a.width, a.height]).toEqual([1600, 800]);
  });

  it('matches an ETag in If-None-Match lists, weak or not', () => {
    const tag = mediaEtag(ID, 480, 'webp');
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches(`"other", W/${tag}`, tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('"other"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });
});
