/**
 * POST /content/api/media on the admin host (docs/product/content-studio.md#images): the studio's image upload.
 * Multipart `file` (JPEG, PNG, WebP, GIF or AVIF, at most 10 MB) and `alt` (required, 1–300 characters), the
 * session's CSRF token in x-csrf-token → 201 `{ id, src, srcset, sizes, width, height, alt }`, root-relative
 * /media/… addresses that work on every storefront domain and here. Audited as content.media_upload. A refusal
 * is 400 invalid_request naming the field, its message in the staff member's language.
 */
import type { APIRoute } from 'astro';
import { endpoint, json, methodNotAllowed } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { requireStaffJson, staffIpOf, type StaffAccess } from '#server/staff/staff-guard.ts';
import { recordStaffAction } from '#server/staff/audit-log.ts';
import { storeUpload } from '#server/media/media-store.ts';
import { BodyTooLargeError, InvalidRequestError } from '#lib/errors/domain-errors.ts';
import { MEDIA_UPLOAD_BODY_LIMIT, MediaRefusedError, normaliseAlt, refusalText } from '#lib/content/media-rules.ts';
import { boTranslator } from '#lib/staff/backoffice-i18n.ts';
import { staffLocaleOf } from '#lib/staff/staff-locale.ts';

export const prerender = false;

async function upload(request: Request, access: StaffAccess) {
  if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')) throw new MediaRefusedError('no_form');
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new MediaRefusedError('no_form');
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw new MediaRefusedError('no_file');
  const alt = normaliseAlt(form.get('alt'));
  if (!alt.ok) throw new MediaRefusedError(alt.reason);
  const media = await storeUpload(getDb(), {
    bytes: Buffer.from(await file.arrayBuffer()),
    fileName: file.name,
    alt: alt.alt,
    uploadedBy: access.staff.id,
  });
  return { media, fileName: file.name };
}

export const POST: APIRoute = endpoint(async (ctx) => {
  const access = await requireStaffJson(ctx, 'content.edit');
  if (access instanceof Response) return access;
  const t = boTranslator(staffLocaleOf(access.staff.locale));
  if (Number(ctx.request.headers.get('content-length') ?? '0') > MEDIA_UPLOAD_BODY_LIMIT)
    throw new BodyTooLargeError(refusalText(t('media.refused.too_large')));
  let done: Awaited<ReturnType<typeof upload>>;
  try {
    done = await upload(ctx.request, access);
  } catch (err) {
    if (err instanceof MediaRefusedError) throw new InvalidRequestError(refusalText(t(`media.refused.${err.reason}`)), err.field);
    throw err;
  }
  const { media, fileName } = done;
  await recordStaffAction(getDb(), {
    staff: access.staff,
    action: 'content.media_upload',
    subject: { type: 'media', id: media.id },
    after: { fileName, alt: media.alt, width: media.width, height: media.height, reused: media.reused },
    ip: staffIpOf(ctx),
  });
  const { id, src, srcset, sizes, width, height, alt } = media;
  return json({ id, src, srcset, sizes, width, height, alt }, 201);
});

export const ALL = methodNotAllowed(['POST']);
