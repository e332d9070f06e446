/**
 * Product addresses at the host (src/host/storefront-server.ts) on a stand-in build (docs/product/parts-finder.md#part-numbers):
 * a product page the build holds is served as is; one it lacks answers 301 to the successor of a replaced, unsold
 * part, or is rendered on its first request like any other product page the build left out.
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
import { request } from '#tests/support/http.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-product-host-'));
const client = path.join(dir, 'client');
const page = (p: string) => path.join(client, ...p.split('/').filter(Boolean), 'index.html');
const write = (p: string, html: string) => {
  fs.mkdirSync(path.dirname(page(p)), { recursive: true });
  fs.writeFileSync(page(p), html);
};
const build: Build = { dir, clientDir: client, handler: (_req, res) => void res.writeHead(500).end('not asked') };

const lookups: string[] = [];
const successors: ContentRedirect = async (locale, slug) => {
  lookups.push(`${locale}:${slug}`);
  if (slug === 'trasig') throw new Error('database down');
  return ({ 'sv:gammalt-filter': 'nytt-filter' } as Record<string, string>)[`${locale}:${slug}`];
};
const materialized: string[] = [];

let port: number;
let server: http.Server;
const get = (p: string) => request(`http://sv.localhost:${port}${p}`);

beforeAll(async () => {
  write('/sv/404', '<h1>Sidan finns inte</h1>');
  write('/sv/product/filter', '<h1>Filter</h1>');
  const app = createStorefrontServer(build, parseDomains(undefined), {
    productRedirect: successors,
    materialize: async (_b, internalPath) => {
      materialized.push(internalPath);
      if (!internalPath.endsWith('/sallan-visad')) return null;
      return { html: Buffer.from('<h1>Sällan visad</h1>'), mtime: new Date(1_700_000_000_000) };
    },
  });
  server = app.server;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a product address', () => {
  it('held by the build is served without asking for a successor', async () => {
    const r = await get('/produkt/filter');
    expect(r.status).toBe(200);
    expect(r.body).toContain('<h1>Filter</h1>');
    expect(lookups).not.toContain('sv:filter');
  });

  it('of a replaced, unsold part answers 301 to its successor in the same storefront, query kept', async () => {
    const r = await get('/produkt/gammalt-filter?utm=x');
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe('/produkt/nytt-filter?utm=x');
    expect(materialized).not.toContain('/sv/product/gammalt-filter');
  });

  it('the build lacks otherwise is rendered on its first request, or is the 404 page', async () => {
    const made = await get('/produkt/sallan-visad');
    expect(made.status).toBe(200);
    expect(made.body).toContain('Sällan visad');
    // from memory, with the headers its file will have: type, ETag of size and time, CSP
    expect(made.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(made.headers.etag).toBe(`W/"${Buffer.byteLength('<h1>Sällan visad</h1>').toString(16)}-${(1_700_000_000_000).toString(16)}"`);
    expect(made.headers['content-security-policy']).toMatch(/script-src/);
    const unknown = await get('/produkt/finns-inte');
    expect(unknown.status).toBe(404);
    expect(materialized).toEqual(expect.arrayContaining(['/sv/product/sallan-visad', '/sv/product/finns-inte']));
  });

  it('still renders when the successors cannot be read', async () => {
    const r = await get('/produkt/trasig');
    expect(r.status).toBe(404);
    expect(materialized).toContain('/sv/product/trasig');
  });
});
