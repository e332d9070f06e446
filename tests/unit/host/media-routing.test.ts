/**
 * The host's share of the studio's images (src/host/storefront-server.ts, src/host/upload-body.ts) on a stand-in
 * build: /media/* reaches Astro unchanged on a storefront domain and on the admin host, and the image upload's
 * body is read up to 10 MB by the host (Astro's adapter would stop at 1 MB) and refused above.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorefrontServer } from '#host/storefront-server.ts';
import type { Build } from '#builds/loaded-build.ts';
import { parseDomains } from '#lib/market/locales.ts';
import { MEDIA_UPLOAD_BODY_LIMIT } from '#lib/content/media-rules.ts';
import { request } from '#tests/support/http.ts';
import { currentRequestId } from '#server/telemetry/logger.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-media-host-'));
fs.mkdirSync(path.join(dir, 'client'), { recursive: true });

const seen: { url: string; body: number | null }[] = [];
/** Stands in for Astro's handler: answers what it was handed (the internal URL, a body the host read). */
const build: Build = {
  dir,
  clientDir: path.join(dir, 'client'),
  handler: async (req, res) => {
    const body = (req as IncomingMessage & { body?: Buffer }).body;
    seen.push({ url: req.url ?? '', body: body ? body.byteLength : null });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ url: req.url, body: body ? body.byteLength : null, requestId: currentRequestId() ?? null }));
  },
};

let base = '';
let close = () => {};
beforeAll(async () => {
  const app = createStorefrontServer(build, parseDomains(undefined), { adminDomain: 'admin.localhost' });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  base = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = () => app.server.close();
});
afterAll(() => {
  close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const on = (host: string, p: string, init: Parameters<typeof request>[1] = {}) => request(`http://${host}:${base.split(':')[1]}${p}`, init);
const IMAGE = '/media/0123456789abcdef0123456789abcdef-480.webp';

describe('the host and the studio images', () => {
  it('hands /media/* to Astro as it is, on a storefront domain and on the admin host', async () => {
    for (const host of ['sv.localhost', 'nl.localhost', 'admin.localhost']) {
      const r = await on(host, IMAGE);
      expect(r.status, host).toBe(200);
      expect(r.json().url).toBe(IMAGE);
    }
  });

  it('reads the upload’s body itself (over 1 MB) and hands it to Astro whole', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    const r = await on('admin.localhost', '/content/api/media', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ url: '/backoffice/content/api/media', body: body.byteLength, requestId: r.headers['x-request-id'] });
  });

  it('refuses an upload body over its limit with 413, never reaching Astro', async () => {
    const before = seen.length;
    const body = Buffer.alloc(MEDIA_UPLOAD_BODY_LIMIT + 1);
    const r = await on('admin.localhost', '/content/api/media', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    expect(r.status).toBe(413);
    expect(r.json().error.code).toBe('body_too_large');
    expect(seen.length).toBe(before);
  });

  it('leaves every other back-office post to the adapter’s own body handling', async () => {
    const r = await on('admin.localhost', '/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(r.json()).toMatchObject({ url: '/backoffice/login', body: null });
  });
});
