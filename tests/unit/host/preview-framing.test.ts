/**
 * The host drops X-Frame-Options on exactly the page preview (the studio frames it; its CSP names the back office,
 * docs/product/content-studio.md#preview) and keeps DENY on every other answer, including the withHtmlCsp step.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseDomains } from '#lib/market/locales.ts';
import { createStorefrontServer } from '#host/storefront-server.ts';
import { withHtmlCsp } from '#host/security-headers.ts';

async function get(pathname: string) {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-frame-'));
  // stands in for Astro: an on-demand HTML page
  const handler = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<p>page</p>');
  };
  const app = createStorefrontServer({ dir: clientDir, clientDir, handler }, parseDomains(undefined));
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const { port } = app.server.address() as AddressInfo;
  try {
    // node:http, as fetch would not send our Host header
    return await new Promise<IncomingMessage>((resolve, reject) => {
      const r = http.get({ host: '127.0.0.1', port, path: pathname, headers: { host: `sv.localhost:${port}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res));
      });
      r.on('error', reject);
    });
  } finally {
    app.server.close();
  }
}

describe('framing the page preview', () => {
  it('answers the preview without X-Frame-Options and every other page with DENY', async () => {
    const preview = await get('/page-preview?draft=x');
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['x-frame-options']).toBeUndefined();
    for (const p of ['/my-account', '/checkout', '/sok']) {
      const r = await get(p);
      expect(r.statusCode, p).toBe(200);
      expect(r.headers['x-frame-options'], p).toBe('DENY');
    }
  });

  it('withHtmlCsp names the frame ancestor and drops X-Frame-Options only when asked', async () => {
    const page = () => new Response('<p>x</p>', { headers: { 'content-type': 'text/html', 'x-frame-options': 'DENY' } });
    const framed = await withHtmlCsp(page(), { frameAncestors: 'http://admin.localhost:4321' });
    expect(framed.headers.get('content-security-policy')).toContain('frame-ancestors http://admin.localhost:4321');
    expect(framed.headers.get('x-frame-options')).toBeNull();
    const plain = await withHtmlCsp(page());
    expect(plain.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(plain.headers.get('x-frame-options')).toBe('DENY');
    const studio = await withHtmlCsp(page(), { frameSrc: ['http://sv.localhost:4321'] });
    expect(studio.headers.get('content-security-policy')).toContain("frame-src 'self' http://sv.localhost:4321");
  });
});
