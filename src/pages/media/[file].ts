/**
 * GET /media/<id>-<width>.<ext> on every storefront domain and the admin host (docs/product/content-studio.md#images):
 * one stored variant of a studio image from the database, cached for a year (its address never changes content),
 * with an ETag answered 304; an unknown image or width is a 404.
 */
import type { APIRoute } from 'astro';
import { endpoint, methodNotAllowed } from '#server/http/endpoint.ts';
import { getDb } from '#server/db/connection.ts';
import { variantBytes, variantHead } from '#server/media/media-store.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';
import { etagMatches, MEDIA_CACHE_CONTROL, mediaEtag, parseMediaPath, VARIANT_MIME } from '#lib/content/media-rules.ts';

export const prerender = false;

const answer: APIRoute = endpoint(async ({ request, url }) => {
  const wanted = parseMediaPath(url.pathname);
  if (!wanted) throw new NotFoundError('no such image');
  const { id, width, format } = wanted;
  const db = getDb();
  const head = await variantHead(db, id, width, format);
  if (!head) throw new NotFoundError('no such image');
  const etag = mediaEtag(id, width, format);
  const headers: Record<string, string> = {
    'content-type': VARIANT_MIME[format],
    'cache-control': MEDIA_CACHE_CONTROL,
    etag,
    'x-content-type-options': 'nosniff',
  };
  if (etagMatches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  if (request.method === 'HEAD')
    return new Response(null, { status: 200, headers: { ...headers, 'content-length': String(head.byteLength) } });
  const bytes = await variantBytes(db, id, width, format);
  if (!bytes) throw new NotFoundError('no such image');
  // a Buffer (PostgreSQL) or a Uint8Array (SQLite) over a plain ArrayBuffer
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: { ...headers, 'content-length': String(bytes.byteLength) },
  });
});

export const GET = answer;
export const HEAD = answer;
export const ALL = methodNotAllowed(['GET', 'HEAD']);
