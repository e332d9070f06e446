/**
 * Applies the security header policy (src/lib/security/security-headers.ts, docs/product/security.md) to
 * every answer: the common headers on the Node response before anything is written, the HTML CSP with the
 * hashes of the page's own inline scripts on prerendered files (sendFile) and on-demand pages (middleware).
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { forwardedHttps } from '#server/http/trusted-proxy.ts';
import { commonSecurityHeaders, type HtmlCspOptions } from '#lib/security/security-headers.ts';
import { htmlCspFor } from '#server/http/html-csp.ts';

/** Over https: TLS here, or a trusted proxy says so (forwardedHttps, the rule isHttps follows too). */
export function requestIsHttps(req: IncomingMessage, trustProxy = process.env.PARTSFRONT_TRUST_PROXY === '1'): boolean {
  const proto = req.headers['x-forwarded-proto'];
  return Boolean((req.socket as Partial<TLSSocket>).encrypted) || forwardedHttps(Array.isArray(proto) ? proto[0] : proto, trustProxy);
}

/** Sets the common headers first; what a handler writes later (an HTML page's own CSP) replaces them. */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse): void {
  for (const [name, value] of Object.entries(commonSecurityHeaders(requestIsHttps(req)))) res.setHeader(name, value);
}

/** The whole file behind `fd` by position (its offset untouched, so a stream of it still starts at 0). */
function readAt(fd: number, size: number): string {
  const buf = Buffer.alloc(size);
  let got = 0;
  while (got < size) {
    const n = fs.readSync(fd, buf, got, size - got, got);
    if (n === 0) break;
    got += n;
  }
  return buf.subarray(0, got).toString('utf8');
}

// Prerendered pages only change with a new build (another directory), so file + size + mtime is a safe key.
const staticCsp = new Map<string, string>();
const STATIC_CSP_ENTRIES = 2048;

/** The CSP of a prerendered HTML file, from the inline scripts of that very file (read through `fd` when open). */
export function staticHtmlCsp(file: string, fd?: number): string {
  const stat = fd === undefined ? fs.statSync(file) : fs.fstatSync(fd);
  const key = `${file}\0${stat.size}\0${stat.mtimeMs}`;
  let csp = staticCsp.get(key);
  if (csp === undefined) {
    csp = htmlCspFor(fd === undefined ? fs.readFileSync(file, 'utf8') : readAt(fd, stat.size));
    if (staticCsp.size >= STATIC_CSP_ENTRIES) staticCsp.delete(staticCsp.keys().next().value as string);
    staticCsp.set(key, csp);
  }
  return csp;
}

/**
 * For on-demand pages (src/middleware.ts): an HTML answer gets the CSP of the HTML it actually carries. With
 * `frameAncestors` (the studio's preview, framingPolicy) that origin may frame it and X-Frame-Options is dropped;
 * with `frameSrc` (the studio) it may frame those origins.
 */
export async function withHtmlCsp(
  response: Response,
  framing: Pick<HtmlCspOptions, 'frameAncestors' | 'frameSrc'> = {},
): Promise<Response> {
  if (!/^text\/html\b/i.test(response.headers.get('content-type') ?? '') || !response.body) return response;
  const html = await response.clone().text();
  const apply = (headers: Headers) => {
    headers.set('content-security-policy', htmlCspFor(html, framing));
    if (framing.frameAncestors !== undefined) headers.delete('x-frame-options');
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    // Immutable headers (a Response we did not build): copy it.
    const headers = new Headers(response.headers);
    apply(headers);
    return new Response(html, { status: response.status, statusText: response.statusText, headers });
  }
}
