/**
 * The studio's images (docs/product/content-studio.md#images): which uploads are accepted, which variants are
 * stored, and their public addresses /media/<id>-<width>.<ext>, answered on every storefront domain and the admin
 * host. Pure: the upload endpoint, the store and the serving route share these rules.
 */
import { InvalidRequestError } from '#lib/errors/domain-errors.ts';

/** An upload's file at most (the multipart body may be a little larger: the host's limit is MEDIA_UPLOAD_BODY_LIMIT). */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** The whole multipart body of an upload at most: the file, its alt text and the form's boundaries. */
export const MEDIA_UPLOAD_BODY_LIMIT = MEDIA_MAX_BYTES + 64 * 1024;
/** Decoded pixels at most: a larger image costs too much memory to resize (and no page needs it). */
export const MEDIA_MAX_PIXELS = 40_000_000;
export const ALT_MAX_CHARS = 300;

/** The widths stored as WebP; an image narrower than one keeps its own width as its largest variant. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The width of the fallback `src` (JPEG, or PNG when the image has transparency). */
export const FALLBACK_WIDTH = 960;

/** Images are immutable per address: a new upload is a new id, so browsers and proxies keep them for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The `sizes` of an inserted image: the content column (.content-page, 70ch) on wide screens, the viewport below. */
export const CONTENT_IMAGE_SIZES = '(max-width: 760px) 100vw, 720px';

export type UploadType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
export type SniffedType = UploadType | 'svg';
export type VariantFormat = 'webp' | 'jpeg' | 'png';

export const UPLOAD_MIME: Record<UploadType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

const EXT: Record<VariantFormat, string> = { webp: 'webp', jpeg: 'jpg', png: 'png' };
const FORMAT_OF_EXT: Record<string, VariantFormat> = { webp: 'webp', jpg: 'jpeg', png: 'png' };
export const VARIANT_MIME: Record<VariantFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * The image type by the file's own first bytes (never its name or the browser's content type): a text file
 * renamed .png is no image. SVG is recognised only to be refused by name (out of scope for uploads).
 */
export function sniffImageType(bytes: Uint8Array): SniffedType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(bytes, 8, 12))) return 'avif';
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^<(\?xml|svg|!DOCTYPE svg|!--)/i.test(head) && /<svg[\s>]/i.test(head)) return 'svg';
  return undefined;
}

/** Why an upload is refused; the back office shows each in the staff member's language (media.refused.<reason>). */
export const MEDIA_REFUSALS = {
  no_form: { field: 'file', text: 'send the image as multipart/form-data with the fields file and alt' },
  no_file: { field: 'file', text: 'choose an image file to upload' },
  too_large: { field: 'file', text: 'the file is larger than {mb} MB' },
  svg: { field: 'file', text: 'SVG images cannot be uploaded; use JPEG, PNG, WebP, GIF or AVIF' },
  not_image: { field: 'file', text: 'the file is not a JPEG, PNG, WebP, GIF or AVIF image' },
  unreadable: { field: 'file', text: 'the image could not be read (a damaged or unsupported file)' },
  too_many_pixels: { field: 'file', text: 'the image has more than {megapixels} megapixels; make it smaller first' },
  alt_missing: { field: 'alt', text: 'an alt text is required: describe the image for those who cannot see it' },
  alt_too_long: { field: 'alt', text: 'the alt text is longer than {max} characters' },
} as const satisfies Record<string, { field: 'file' | 'alt'; text: string }>;
export type MediaRefusal = keyof typeof MEDIA_REFUSALS;

/** The numbers the refusal texts name. */
export const MEDIA_REFUSAL_VALUES = { mb: MEDIA_MAX_BYTES / 1024 / 1024, megapixels: MEDIA_MAX_PIXELS / 1_000_000, max: ALT_MAX_CHARS };

/** A refusal's text with its numbers filled in (`text` is English or a translation of it). */
export const refusalText = (text: string): string =>
  text.replace(/\{(\w+)\}/g, (m, name: string) => String(MEDIA_REFUSAL_VALUES[name as keyof typeof MEDIA_REFUSAL_VALUES] ?? m));

/** A 400 invalid_request naming the field, with its reason for a translated message. */
export class MediaRefusedError extends InvalidRequestError {
  readonly reason: MediaRefusal;
  constructor(reason: MediaRefusal) {
    super(refusalText(MEDIA_REFUSALS[reason].text), MEDIA_REFUSALS[reason].field);
    this.reason = reason;
  }
}

/** Why an upload is refused before it is decoded; undefined when it may be decoded. */
export function uploadRefusal(file: { size: number; bytes: Uint8Array }): MediaRefusal | undefined {
  if (file.size === 0) return 'no_file';
  if (file.size > MEDIA_MAX_BYTES) return 'too_large';
  const type = sniffImageType(file.bytes);
  if (type === 'svg') return 'svg';
  if (!type) return 'not_image';
  return undefined;
}

/** Why decoded dimensions are refused, or undefined. */
export function dimensionRefusal(width: number, height: number): MediaRefusal | undefined {
  if (!(width > 0 && height > 0)) return 'unreadable';
  if (width * height > MEDIA_MAX_PIXELS) return 'too_many_pixels';
  return undefined;
}

/** The alt text as stored (spaces folded), or why it is refused. */
export function normaliseAlt(value: unknown): { ok: true; alt: string } | { ok: false; reason: MediaRefusal } {
  const alt = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
  if (!alt) return { ok: false, reason: 'alt_missing' };
  if (alt.length > ALT_MAX_CHARS) return { ok: false, reason: 'alt_too_long' };
  return { ok: true, alt };
}

/** The WebP widths stored for an image `width` px wide: the standard ones below it, and never wider than it. */
export function variantWidths(width: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w < width);
  return below.length === VARIANT_WIDTHS.length ? [...below] : [...below, Math.min(width, VARIANT_WIDTHS.at(-1)!)];
}

/** The fallback's width: FALLBACK_WIDTH, or the image's own when narrower. */
export const fallbackWidth = (width: number): number => Math.min(width, FALLBACK_WIDTH);

/** JPEG keeps photos small; an image with transparency keeps it as PNG. */
export const fallbackFormat = (hasAlpha: boolean): VariantFormat => (hasAlpha ? 'png' : 'jpeg');

/** A height for `width` keeping the aspect ratio (at least 1 px). */
export const scaledHeight = (original: { width: number; height: number }, width: number): number =>
  Math.max(1, Math.round((original.height * width) / original.width));

/** Media ids: 32 lower-case hex digits (a random UUID without its dashes). */
export const MEDIA_ID = /^[0-9a-f]{32}$/;

/** The public path of one variant. */
export const mediaPath = (id: string, width: number, format: VariantFormat): string => `/media/${id}-${width}.${EXT[format]}`;

/** A variant's address parsed back, or undefined for anything else (answered 404). */
export function parseMediaPath(pathname: string): { id: string; width: number; format: VariantFormat } | undefined {
  const m = /^\/media\/([0-9a-f]{32})-([1-9]\d{0,4})\.(webp|jpg|png)$/.exec(pathname);
  if (!m) return undefined;
  return { id: m[1]!, width: Number(m[2]), format: FORMAT_OF_EXT[m[3]!]! };
}

/** The addresses the media route answers (the host and the dev server route them to it). */
export const MEDIA_PATH_PREFIX = /^\/media\//;
export const MEDIA_ROUTE_LABEL = '/media/:file';

/** A variant's ETag: its address is its content (never rewritten), so id + width + format name it. */
export const mediaEtag = (id: string, width: number, format: VariantFormat): string => `"${id}-${width}-${format}"`;

/** If-None-Match names this ETag (a list, a weak copy or `*` included). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export interface StoredVariant {
  width: number;
  height: number;
  format: VariantFormat;
}

/** What the upload answers: the fallback as `src`, the WebP variants as `srcset`, the largest variant's size. */
export function imageAttributes(id: string, variants: StoredVariant[]) {
  const webp = variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  const fallback = variants.find((v) => v.format !== 'webp') ?? webp[0]!;
  const largest = webp.at(-1) ?? fallback;
  return {
    src: mediaPath(id, fallback.width, fallback.format),
    srcset: webp.map((v) => `${mediaPath(id, v.width, 'webp')} ${v.width}w`).join(', '),
    sizes: CONTENT_IMAGE_SIZES,
    width: largest.width,
    height: largest.height,
  };
}
