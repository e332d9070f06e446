/**
 * The studio's image upload (docs/product/content-studio.md#images), pure: the alt text rule checked before an
 * upload and the answer of POST /content/api/media read without trusting it.
 */
export const ALT_MAX = 300;

/** The alt text as it will be sent, or undefined when it is missing or too long. */
export function altTextOf(raw: string): string | undefined {
  const alt = raw.trim().replace(/\s+/g, ' ');
  return alt.length >= 1 && alt.length <= ALT_MAX ? alt : undefined;
}

/** The attributes of an inserted image (the media endpoint's 201 answer). */
export interface UploadedImage {
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
}

const rootRelative = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/') && !v.startsWith('//');

/** The image of a 201 answer, or undefined when the answer is not one (src must be a root-relative /media path). */
export function uploadedImage(body: unknown): UploadedImage | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  if (!rootRelative(b.src) || typeof b.alt !== 'string') return undefined;
  const width = Number(b.width);
  const height = Number(b.height);
  return {
    src: b.src,
    srcset: typeof b.srcset === 'string' ? b.srcset : '',
    sizes: typeof b.sizes === 'string' ? b.sizes : '',
    width: Number.isInteger(width) && width > 0 ? width : 0,
    height: Number.isInteger(height) && height > 0 ? height : 0,
    alt: b.alt,
  };
}

/** The message of an error answer `{ error: { message } }`, else the status. */
export function errorMessageOf(status: number, body: unknown): string {
  const e = typeof body === 'object' && body !== null ? (body as { error?: { message?: unknown } }).error : undefined;
  return typeof e?.message === 'string' && e.message ? e.message : `HTTP ${status}`;
}
