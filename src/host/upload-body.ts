/**
 * Bodies larger than Astro's limit for one known route (docs/product/content-studio.md#images). The Node adapter
 * refuses any body over 1 MB (bodySizeLimit in astro.config.mjs), which keeps every form and JSON endpoint small;
 * the studio's image upload needs up to 10 MB, so the host reads that one route's body itself, up to its own
 * limit, and hands it to Astro whole (the adapter takes a body already read as it is).
 */
import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorBody } from '#lib/api/errors.ts';
import { MEDIA_UPLOAD_BODY_LIMIT } from '#lib/content/media-rules.ts';

/** Internal path → the largest body it accepts (POST only). */
export const LARGE_BODY_ROUTES: ReadonlyMap<string, number> = new Map([['/backoffice/content/api/media', MEDIA_UPLOAD_BODY_LIMIT]]);

/** The larger limit of this request, or undefined when the adapter's own limit applies. */
export const largeBodyLimit = (method: string | undefined, internalPath: string): number | undefined =>
  method === 'POST' ? LARGE_BODY_ROUTES.get(internalPath) : undefined;

function tooLarge(req: IncomingMessage, res: ServerResponse, limit: number): void {
  res.writeHead(413, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
  res.end(JSON.stringify(errorBody('body_too_large', `the upload is larger than ${Math.floor(limit / 1024 / 1024)} MB`)));
  req.resume(); // let the client finish sending and read the answer; the request timeout bounds how long
}

/**
 * Reads the whole body (at most `limit` bytes) onto `req.body` and calls `next`; a larger one is answered 413
 * body_too_large and never reaches Astro.
 */
export function readLargeBody(req: IncomingMessage, res: ServerResponse, limit: number, next: () => void): void {
  if (Number(req.headers['content-length'] ?? '0') > limit) return tooLarge(req, res, limit);
  const proceed = AsyncResource.bind(next); // in the request's context (its request id), not the socket's
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  const onData = (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size <= limit) return void chunks.push(chunk);
    refused = true;
    chunks.length = 0;
    req.off('data', onData);
    tooLarge(req, res, limit);
  };
  req.on('data', onData);
  req.once('end', () => {
    if (refused) return;
    (req as IncomingMessage & { body?: Buffer }).body = Buffer.concat(chunks);
    proceed();
  });
  req.once('error', () => {
    if (!res.headersSent) res.destroy();
  });
}
