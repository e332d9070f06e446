import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseDomains } from '#lib/market/locales.ts';
import { createStorefrontServer } from '#host/storefront-server.ts';
import { requestIsHttps, staticHtmlCsp, withHtmlCsp } from '#host/security-headers.ts';
import { inlineScriptHashSources } from '#server/http/html-csp.ts';

const sha = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;
const req = (headers: Record<string, string>, encrypted = false) => ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;

describe('applying the security headers', () => {
  it('hashes each inline script once, as UTF-8', () => {
    const html = '<script>ö()</script><script>ö()</script><script>x()</script>';
    expect(inlineScriptHashSources(html)).toEqual([sha('ö()'), sha('x()')]);
  });

  it('knows https from TLS or from a trusted proxy only', () => {
    expect(requestIsHttps(req({}), false)).toBe(false);
    expect(requestIsHttps(req({}, true), false)).toBe(true);
    expect(requestIsHttps(req({ 'x-forwarded-proto': 'https' }), false)).toBe(false);
    expect(requestIsHttps(req({ 'x-forwarded-proto': 'https, http' }), true)).toBe(true);
    expect(requestIsHttps(req({ 'x-forwarded-proto': 'http' }), true)).toBe(false);
  });

  it('gives a prerendered file the hashes of its own scripts, and a rewritten file its new ones', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pf-csp-')), 'index.html');
    fs.writeFileSync(file, '<script>one()</script>');
    expect(staticHtmlCsp(file)).toContain(`script-src 'self' ${sha('one()')};`);
    fs.writeFileSync(file, '<script>second()</script>');
    expect(staticHtmlCsp(file)).toContain(`script-src 'self' ${sha('second()')};`);
  });

  it('sets the page CSP on an on-demand HTML answer and leaves other answers alone', async () => {
    const page = await withHtmlCsp(
      new Response('<script>go()</script><p>hi</p>', { status: 201, headers: { 'content-type': 'text/html; charset=utf-8' } }),
    );
    expect(page.status).toBe(201);
    expect(page.headers.get('content-security-policy')).toContain(sha('go()'));
    expect(await page.text()).toBe('<script>go()</script><p>hi</p>');
    const json = await withHtmlCsp(Response.json({ ok: true }));
    expect(json.headers.get('content-security-policy')).toBeNull();
    const redirect = await withHtmlCsp(Response.redirect('http://sv.localhost/x', 303));
    expect(redirect.status).toBe(303);
  });

  describe('in the storefront server', () => {
    afterEach(() => vi.unstubAllEnvs());

    /** A server whose on-demand handler answers JSON (no Astro build needed) and whose static root is a temp dir. */
    async function get(headers: Record<string, string>, pathname = '/api/x') {
      const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-host-'));
      const handler = (_req: IncomingMessage, res: import('node:http').ServerResponse) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      };
      const app = createStorefrontServer({ dir: clientDir, clientDir, handler }, parseDomains(undefined));
      await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
      const { port } = app.server.address() as AddressInfo;
      try {
        return await fetch(`http://127.0.0.1:${port}${pathname}`, { headers: { host: `sv.localhost:${port}`, ...headers } });
      } finally {
        app.server.close();
      }
    }

    it('sends HSTS only when a trusted proxy says the request came over https', async () => {
      vi.stubEnv('PARTSFRONT_TRUST_PROXY', '1');
      const viaHttps = await get({ 'x-forwarded-proto': 'https' });
      expect(viaHttps.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(viaHttps.headers.get('x-frame-options')).toBe('DENY');
      expect((await get({ 'x-forwarded-proto': 'http' })).headers.get('strict-transport-security')).toBeNull();
      vi.stubEnv('PARTSFRONT_TRUST_PROXY', '0');
      expect((await get({ 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBeNull();
    });

    it('keeps the common headers on the answers the server writes itself', async () => {
      const health = await get({}, '/healthz');
      expect(health.headers.get('x-content-type-options')).toBe('nosniff');
      expect(health.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    });
  });
});
