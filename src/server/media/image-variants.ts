/**
 * Decodes an upload and makes its stored variants with sharp (docs/product/content-studio.md#images): the EXIF
 * orientation applied, every metadata block stripped (sharp keeps none unless told), WebP at the standard
 * widths and one JPEG/PNG fallback. Refusals are MediaRefusedError (400 invalid_request naming the `file` field).
 */
import sharp, { type Metadata } from 'sharp';
import {
  dimensionRefusal,
  fallbackFormat,
  fallbackWidth,
  MEDIA_MAX_PIXELS,
  MediaRefusedError,
  sniffImageType,
  uploadRefusal,
  variantWidths,
  type UploadType,
  type VariantFormat,
} from '#lib/content/media-rules.ts';

export interface MadeVariant {
  width: number;
  height: number;
  format: VariantFormat;
  bytes: Buffer;
}

export interface DecodedImage {
  type: UploadType;
  /** The original's size after its EXIF orientation. */
  width: number;
  height: number;
}

/** sharp's name of each accepted type (AVIF is read by its HEIF decoder). */
const SHARP_FORMAT: Record<UploadType, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif' };

// Untrusted input: a pixel bomb fails before it is decoded, broken pixel data fails instead of being guessed.
const INPUT = { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'error' } as const;

/** Checks an upload's bytes and size without decoding its pixels; throws the 400 that names the problem. */
export async function inspectUpload(bytes: Buffer): Promise<DecodedImage & { hasAlpha: boolean }> {
  const refused = uploadRefusal({ size: bytes.byteLength, bytes });
  if (refused) throw new MediaRefusedError(refused);
  const type = sniffImageType(bytes) as UploadType;
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw new MediaRefusedError('unreadable');
  }
  if (meta.format !== SHARP_FORMAT[type]) throw new MediaRefusedError('unreadable'); // content and type disagree
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  const tooBig = dimensionRefusal(width, height);
  if (tooBig) throw new MediaRefusedError(tooBig);
  return { type, width, height, hasAlpha: Boolean(meta.hasAlpha) };
}

async function render(bytes: Buffer, width: number, format: VariantFormat): Promise<MadeVariant> {
  const pipeline = sharp(bytes, INPUT).autoOrient().resize({ width, withoutEnlargement: true });
  const encoded =
    format === 'webp'
      ? pipeline.webp({ quality: 80 })
      : format === 'png'
        ? pipeline.png({ compressionLevel: 8 })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, format, bytes: data };
}

// One upload resized at a time per node: a 40-megapixel decode takes a few hundred MB, two cores are shared.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => {});
  return run;
}

/** The variants of an upload (after inspectUpload): WebP at variantWidths, the fallback at fallbackWidth. */
export function makeVariants(bytes: Buffer, image: DecodedImage & { hasAlpha: boolean }): Promise<MadeVariant[]> {
  return oneAtATime(async () => {
    try {
      const out: MadeVariant[] = [];
      for (const w of variantWidths(image.width)) out.push(await render(bytes, w, 'webp'));
      out.push(await render(bytes, fallbackWidth(image.width), fallbackFormat(image.hasAlpha)));
      return out;
    } catch {
      throw new MediaRefusedError('unreadable'); // damaged pixel data
    }
  });
}
