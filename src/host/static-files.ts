/** Serves files from a build's client directory: precompressed variants, ETag/304, cache headers, no traversal. */
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkRequestPath } from '#lib/routing/request-path.ts';
import { CACHE_CONTROL, pageCacheControl } from '#lib/routing/cache-control.ts';
import { htmlCspFor } from '#server/http/html-csp.ts';
import { staticHtmlCsp } from './security-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Absolute file path inside `within` (default root) for a URL path mapped onto root, or undefined: a
 * malformed, traversing or encoded-separator path (checkRequestPath), or one resolving outside `within`.
 */
export function resolveInside(root: string, urlPath: string, within: string = root): string | undefined {
  const checked = checkRequestPath(urlPath);
  if (!checked.ok) return undefined;
  const full = path.resolve(root, '.' + path.posix.normalize('/' + checked.decoded));
  const base = path.resolve(within);
  return full === base || full.startsWith(base + path.sep) ? full : undefined;
}

export function fileExists(file: string | undefined): file is string {
  if (!file) return false;
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function pickEncoding(req: IncomingMessage, file: string): { file: string; encoding?: string } {
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept) && fileExists(file + '.br')) return { file: file + '.br', encoding: 'br' };
  if (/\bgzip\b/.test(accept) && fileExists(file + '.gz')) return { file: file + '.gz', encoding: 'gzip' };
  return { file };
}

const gone = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** The headers a file of the build is sent with: its type, caching, ETag (size and time), encoding and CSP. */
function fileHeaders(
  req: IncomingMessage,
  file: string,
  size: number,
  mtimeMs: number,
  encoding: string | undefined,
  csp: string | undefined,
): Record<string, string | number> {
  const ext = path.extname(file).toLowerCase();
  const immutable = file.includes(`${path.sep}_astro${path.sep}`);
  return {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': immutable
      ? CACHE_CONTROL.immutable
      : ext === '.html'
        ? pageCacheControl(req.headers['sec-purpose'])
        : CACHE_CONTROL.file,
    etag: `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}${encoding ? '-' + encoding : ''}"`,
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
    ...(encoding ? { 'content-encoding': encoding } : {}),
    ...(csp !== undefined ? { 'content-security-policy': csp } : {}),
  };
}

/** A page rendered on its first request, before its file is written (src/builds/build-pages.ts). */
export interface RenderedPage {
  html: Buffer;
  /** The time its file gets. */
  mtime: Date;
}

/**
 * Sends a page from memory with the headers its file `file` will be sent with once written (uncompressed: its .br
 * and .gz come with the file), so the shopper who asked for it does not wait for the disk.
 */
export function sendPage(req: IncomingMessage, res: ServerResponse, file: string, page: RenderedPage): void {
  const headers = fileHeaders(req, file, page.html.length, page.mtime.getTime(), undefined, htmlCspFor(page.html.toString('utf8')));
  if (req.headers['if-none-match'] === headers.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-length'] = page.html.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : page.html);
}

/**
 * Sends a file. The files are opened before anything is sent, so a page removed meanwhile (an unpublished content
 * page, src/builds/build-pages.ts) is either sent whole from the open file or, when it was already gone, answered by
 * `onGone` (default: a plain 404).
 */
export function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status = 200, onGone?: () => void): void {
  const ext = path.extname(file).toLowerCase();
  const fds: number[] = [];
  let chosen: { file: string; encoding?: string };
  let fd: number;
  let csp: string | undefined;
  try {
    chosen = pickEncoding(req, file);
    fd = fs.openSync(chosen.file, 'r');
    fds.push(fd);
    if (ext === '.html') {
      const htmlFd = chosen.file === file ? fd : fs.openSync(file, 'r');
      if (htmlFd !== fd) fds.push(htmlFd);
      csp = staticHtmlCsp(file, htmlFd);
    }
  } catch (err) {
    for (const f of fds) fs.closeSync(f);
    if (!gone(err)) throw err;
    if (onGone) return onGone();
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('This page could not be found');
    return;
  }
  for (const f of fds) if (f !== fd) fs.closeSync(f);
  const stat = fs.fstatSync(fd);
  const headers = fileHeaders(req, file, stat.size, stat.mtimeMs, chosen.encoding, csp);
  if (status === 200 && req.headers['if-none-match'] === headers.etag) {
    fs.closeSync(fd);
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-length'] = stat.size;
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    fs.closeSync(fd);
    res.end();
    return;
  }
  // from the open file (a removed page is still read whole), from its start (the CSP read used positions too)
  const stream = fs.createReadStream(chosen.file, { fd, start: 0, autoClose: true });
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}
