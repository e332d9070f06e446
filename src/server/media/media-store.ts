/**
 * The studio's images in the database (migration 0031, docs/product/content-studio.md#images): every node serves
 * every upload. The same bytes uploaded again reuse the stored image (by SHA-256) and take the new alt text.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import { imageAttributes, UPLOAD_MIME, type StoredVariant, type VariantFormat } from '#lib/content/media-rules.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { inspectUpload, makeVariants } from './image-variants.ts';

const log = loggerFor('media');

export interface UploadInput {
  bytes: Buffer;
  fileName: string;
  /** Already normalised (normaliseAlt). */
  alt: string;
  /** The staff member's id. */
  uploadedBy: string;
}

export interface UploadedMedia {
  id: string;
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
  /** The same bytes were stored before: no new variants were made. */
  reused: boolean;
}

/** The file's name as shown later: no path, no control characters, at most 200 characters. */
export const cleanFileName = (name: string): string =>
  (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200) || 'image';

async function variantsOf(db: Db, id: string): Promise<StoredVariant[]> {
  const rows = await db.selectFrom('media_variants').where('media_id', '=', id).select(['width', 'height', 'format']).execute();
  return rows.map((r) => ({ width: Number(r.width), height: Number(r.height), format: r.format as VariantFormat }));
}

/** The stored image of these bytes with the new alt text, or undefined when they were never uploaded. */
async function reuse(db: Db, sha256: string, alt: string): Promise<UploadedMedia | undefined> {
  const row = await db.selectFrom('media').where('sha256', '=', sha256).select('id').executeTakeFirst();
  if (!row) return undefined;
  await db.updateTable('media').set({ alt }).where('id', '=', row.id).execute();
  return { id: row.id, ...imageAttributes(row.id, await variantsOf(db, row.id)), alt, reused: true };
}

export async function storeUpload(db: Db, input: UploadInput, now = new Date()): Promise<UploadedMedia> {
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const known = await reuse(db, sha256, input.alt);
  if (known) return known;
  const image = await inspectUpload(input.bytes);
  const started = performance.now();
  const variants = await makeVariants(input.bytes, image);
  const resizeMs = Math.round(performance.now() - started);
  const id = randomUUID().replace(/-/g, '');
  try {
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('media')
        .values({
          id,
          sha256,
          file_name: cleanFileName(input.fileName),
          mime: UPLOAD_MIME[image.type],
          width: image.width,
          height: image.height,
          alt: input.alt,
          uploaded_by: input.uploadedBy,
          uploaded_at: now.toISOString(),
        })
        .execute();
      for (const v of variants)
        await tx
          .insertInto('media_variants')
          .values({ media_id: id, width: v.width, format: v.format, height: v.height, byte_length: v.bytes.byteLength, bytes: v.bytes })
          .execute();
    });
  } catch (err) {
    // the same bytes stored meanwhile (another node, a double click): that one is the image
    const raced = await reuse(db, sha256, input.alt);
    if (raced) return raced;
    throw err;
  }
  const stored = variants.reduce((n, v) => n + v.bytes.byteLength, 0);
  log.info({ id, width: image.width, height: image.height, bytes: input.bytes.byteLength, stored, resizeMs }, 'image stored');
  return { id, ...imageAttributes(id, variants), alt: input.alt, reused: false };
}

export interface VariantHead {
  height: number;
  byteLength: number;
}

/** Whether a variant exists (its size), without reading its bytes: enough for a 304 or a 404. */
export async function variantHead(db: Db, id: string, width: number, format: VariantFormat): Promise<VariantHead | undefined> {
  const row = await db
    .selectFrom('media_variants')
    .where('media_id', '=', id)
    .where('width', '=', width)
    .where('format', '=', format)
    .select(['height', 'byte_length'])
    .executeTakeFirst();
  return row && { height: Number(row.height), byteLength: Number(row.byte_length) };
}

/** A variant's bytes, or undefined. */
export async function variantBytes(db: Db, id: string, width: number, format: VariantFormat): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('media_variants')
    .where('media_id', '=', id)
    .where('width', '=', width)
    .where('format', '=', format)
    .select('bytes')
    .executeTakeFirst();
  return row?.bytes;
}

/** One image's record (the studio shows its alt text and size), or undefined. */
export async function readMedia(db: Db, id: string) {
  return db.selectFrom('media').where('id', '=', id).selectAll().executeTakeFirst();
}
