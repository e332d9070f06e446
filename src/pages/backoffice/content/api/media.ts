/**
 * POST /content/api/media on the admin host (docs/product/content-studio.md#images): the studio's image upload.
 * Multipart `file` (JPEG, PNG, WebP, GIF or AVIF, at most 10 MB) and `alt` (required, 1–300 characters), the
 * session's CSRF token in x-csrf-token → 201 `{ id, src, srcset, sizes, width, height, alt }`, root-relative
 * /media/… addresses that work on every storefront domain and here. Audited as content.media_upload.
 */
import type { APIRoute } from 'astro';
import { endpoint, json, methodNotAllowed } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { requireStaffJson, staffIpOf } from '#server/staff/staff-guard.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { storeUpload } from '#server/media/media-store.ts';
import { BodyTooLargeError, InvalidRequestError } from '#lib/errors/domain-errors.ts';
import { MEDIA_UPLOAD_BODY_LIMIT, normaliseAlt } from '#lib/content/media-rules.ts';

export const prerender = false;

export const POST: APIRoute = endpoint(async (ctx) => {
  const access = await requireStaffJson(ctx, 'content.edit');
  if (access instanceof Response) return access;
  const { request } = ctx;
  if (Number(request.headers.get('content-length') ?? '0') > MEDIA_UPLOAD_BODY_LIMIT)
    throw new BodyTooLargeError('the upload is larger than 10 MB');
  if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? ''))
    throw new InvalidRequestError('send the image as multipart/form-data with the fields file and alt', 'file');
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new InvalidRequestError('the upload could not be read as a form', 'file');
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw new InvalidRequestError('choose an image file to upload', 'file');
  const alt = normaliseAlt(form.get('alt'));
  if (!alt.ok) throw new InvalidRequestError(alt.message, 'alt');

  const db = getDb();
  const media = await storeUpload(db, {
    bytes: Buffer.from(await file.arrayBuffer()),
    fileName: file.name,
    alt: alt.alt,
    uploadedBy: access.staff.id,
  });
  await recordStaffAction(db, {
    staff: access.staff,
    action: 'content.media_upload',
    subject: { type: 'media', id: media.id },
    after: { fileName: file.name, alt: media.alt, width: media.width, height: media.height, reused: media.reused },
    ip: staffIpOf(ctx),
  });
  const { id, src, srcset, sizes, width, height } = media;
  return json({ id, src, srcset, sizes, width, height, alt: media.alt }, 201);
});

export const ALL = methodNotAllowed(['POST']);
