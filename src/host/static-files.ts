/** Serves files from a build's client directory: precompressed variants, ETag/304, cache headers, no traversal. */
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkRequestPath } from '#lib/routing/request-path.ts';
import { CACHE_CONTROL, pageCacheControl } from '#lib/routing/cache-control.ts';
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
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${chosen.encoding ? '-' + chosen.encoding : ''}"`;
  const immutable = file.includes(`${path.sep}_astro${path.sep}`);
  const headers: Record<string, string | number> = {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': immutable
      ? CACHE_CONTROL.immutable
      : ext === '.html'
        ? pageCacheControl(req.headers['sec-purpose'])
        : CACHE_CONTROL.file,
    etag,
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
    ...(csp !== undefined ? { 'content-security-policy': csp } : {}),
  };
  if (chosen.encoding) headers['content-encoding'] = chosen.encoding;
  if (status === 200 && req.headers['if-none-match'] === etag) {
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
