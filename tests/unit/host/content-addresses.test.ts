/**
 * Content addresses at the host (src/host/storefront-server.ts) on a stand-in build: a content address that is no
 * file answers the redirect of a moved page (301) or the storefront's 404 page; a page removed from the build while
 * it is being sent is sent whole, and one removed before it was opened is a 404, never a 500 (src/host/static-files.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorefrontServer, type ContentRedirect } from '#host/storefront-server.ts';
import type { Build } from '#builds/loaded-build.ts';
import { parseDomains } from '#lib/market/locales.ts';
import { sendFile } from '#host/static-files.ts';
import { request } from '#tests/support/http.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-content-host-'));
const client = path.join(dir, 'client');
const page = (p: string) => path.join(client, ...p.split('/').filter(Boolean), 'index.html');
const write = (p: string, html: string) => {
  fs.mkdirSync(path.dirname(page(p)), { recursive: true });
  fs.writeFileSync(page(p), html);
};

const build: Build = {
  dir,
  clientDir: client,
  handler: (_req, res) => {
    res.writeHead(500).end('the handler is not asked for content pages');
  },
};

const lookups: string[] = [];
const redirects: ContentRedirect = async (locale, slug) => {
  lookups.push(`${locale}:${slug}`);
  if (slug === 'trasig') throw new Error('database down');
  return ({ 'sv:gammal': 'ny/sida', 'sv:åäö': 'om oss' } as Record<string, string>)[`${locale}:${slug}`];
};

let port: number;
let server: http.Server;
const get = (p: string, headers: Record<string, string> = {}) => request(`http://sv.localhost:${port}${p}`, { headers });

beforeAll(async () => {
  write('/sv/404', '<h1>Sidan finns inte</h1>');
  write('/sv/content/om-oss', '<h1>Om oss</h1><script>ok()</script>');
  const app = createStorefrontServer(build, parseDomains(undefined), { contentRedirect: redirects });
  server = app.server;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a content address that is no page', () => {
  it('answers 301 to the moved page’s address (encoded, query kept), and the storefront’s 404 page otherwise', async () => {
    const moved = await get('/gammal?utm=x');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/ny/sida?utm=x');
    expect(moved.headers['cache-control']).toBe('public, max-age=3600');
    const encoded = await get(`/${encodeURIComponent('åäö')}`);
    expect([encoded.status, encoded.headers.location]).toEqual([301, '/om%20oss']);
    const missing = await get('/finns-inte');
    expect(missing.status).toBe(404);
    expect(missing.body).toBe('<h1>Sidan finns inte</h1>');
    // a page in the build is served without asking for a redirect
    lookups.length = 0;
    expect((await get('/om-oss')).status).toBe(200);
    expect(lookups).toEqual([]);
  });

  it('answers 404 when the redirects cannot be read', async () => {
    const r = await get('/trasig');
    expect(r.status).toBe(404);
    expect(r.body).toBe('<h1>Sidan finns inte</h1>');
  });
});

describe('a page removed from the build', () => {
  it('is sent whole to a request that opened it before it was removed', async () => {
    const big = `<h1>Lång</h1>${'<p>x</p>'.repeat(400_000)}`;
    write('/sv/content/lang', big);
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/lang', headers: { host: 'sv.localhost' } }, (res) => {
          fs.rmSync(page('/sv/content/lang')); // removed once the answer started
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    expect(body.length).toBe(big.length);
    expect(body).toBe(big);
    expect((await get('/lang')).status).toBe(404);
  });

  it('whose HTML went between the check and the send is answered by the caller’s 404, not a 500', async () => {
    write('/sv/content/halv', '<h1>Halv</h1>');
    const html = page('/sv/content/halv');
    fs.writeFileSync(`${html}.br`, 'not really brotli');
    fs.rmSync(html); // the host saw the page a moment ago; its compressed twin is still there
    const direct = http.createServer((req, res) => sendFile(req, res, html, 200, () => res.writeHead(404).end('gone')));
    await new Promise<void>((r) => direct.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(direct.address() as AddressInfo).port}/`;
      for (const encoding of ['br', 'identity']) {
        const r = await request(url, { headers: { 'accept-encoding': encoding } });
        expect([r.status, r.body], encoding).toEqual([404, 'gone']);
      }
    } finally {
      direct.close();
    }
  });
});
