/** Request ids, /metrics and /readyz of the host (src/host/storefront-server.ts) on a stand-in build. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorefrontServer, type StorefrontServerOptions } from '#host/storefront-server.ts';
import type { Build } from '#builds/loaded-build.ts';
import { parseDomains } from '#lib/market/locales.ts';
import { currentRequestId } from '#server/telemetry/logger.ts';
import { watchCaches } from '#server/telemetry/metrics.ts';
import { request } from '#tests/support/http.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-telemetry-'));
fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
fs.writeFileSync(path.join(dir, 'server', 'entry.mjs'), '');

/** Stands in for Astro's handler: answers with the request id it sees after an await (the request context). */
const build: Build = {
  dir,
  clientDir: path.join(dir, 'client'),
  handler: async (_req, res) => {
    await new Promise((r) => setTimeout(r, 1));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ seen: currentRequestId() ?? null }));
  },
};

const TOKEN = 'metrics-token-for-tests';
const servers: { close(): void }[] = [];

async function start(
  opts: StorefrontServerOptions,
): Promise<(p: string, headers?: Record<string, string>, host?: string) => ReturnType<typeof request>> {
  const app = createStorefrontServer(build, parseDomains(undefined), { metricsToken: TOKEN, ...opts });
  await new Promise<void>((r) => app.server.listen(0, '127.0.0.1', r));
  servers.push(app.server);
  const port = (app.server.address() as AddressInfo).port;
  return (p, headers = {}, host = 'sv.localhost') => request(`http://${host}:${port}${p}`, { headers });
}

let plain: Awaited<ReturnType<typeof start>>;
let proxied: Awaited<ReturnType<typeof start>>;
let broken: Awaited<ReturnType<typeof start>>;

beforeAll(async () => {
  plain = await start({ trustProxy: false, checkDatabase: async () => {} });
  proxied = await start({ trustProxy: true, checkDatabase: async () => {} });
  broken = await start({
    trustProxy: false,
    checkDatabase: async () => {
      throw new Error('connection refused');
    },
  });
});
afterAll(() => {
  for (const s of servers) s.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('gives every answer a fresh id, also errors and unknown hosts, and the handler sees it', async () => {
    const a = await plain('/api/strings');
    const b = await plain('/api/strings');
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
    expect(a.json().seen).toBe(a.headers['x-request-id']);
    expect((await plain('/%E0%A4%A')).headers['x-request-id']).toMatch(UUID);
    expect((await plain('/', {}, 'evil.example')).headers['x-request-id']).toMatch(UUID);
    expect((await plain('/healthz')).headers['x-request-id']).toMatch(UUID);
  });

  it("keeps a trusted proxy's sane id and replaces anything else", async () => {
    const kept = await proxied('/api/strings', { 'x-request-id': 'lb-7f3a:42' });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a:42');
    expect(kept.json().seen).toBe('lb-7f3a:42');
    const forged = await proxied('/api/strings', { 'x-request-id': 'x"}, "level":"fatal' });
    expect(forged.headers['x-request-id']).toMatch(UUID);
    const untrusted = await plain('/api/strings', { 'x-request-id': 'lb-7f3a:42' });
    expect(untrusted.headers['x-request-id']).toMatch(UUID);
  });
});

describe('/metrics', () => {
  it('is a 404 like any unknown page without the token, on a storefront host', async () => {
    const unknown = await plain('/no-such-page-here');
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }] as Record<string, string>[]) {
      const r = await plain('/metrics', headers);
      expect(r.status).toBe(404);
      expect(r.body).toBe(unknown.body);
      expect(r.body).not.toContain('http_requests_total');
    }
    expect((await plain('/metrics', {}, '10.0.0.5')).status).toBe(421);
  });

  it('answers 500, and keeps serving, when a reading fails at scrape time', async () => {
    watchCaches(() => {
      throw new Error('cache registry unreadable');
    });
    try {
      const r = await plain('/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(r.status).toBe(500);
      expect(r.body).toBe('Internal server error');
    } finally {
      watchCaches(() => []);
    }
    expect((await plain('/metrics', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('answers a scraper with the token whatever host it addresses the node by (an IP)', async () => {
    expect((await plain('/metrics', { authorization: `Bearer ${TOKEN}` }, '10.0.0.5')).status).toBe(200);
  });

  it('answers the Prometheus text with the token: requests by route pattern, never raw ids', async () => {
    await plain('/api/checkout/6f1c2b9e-1111-4a4a-9b9b-123456789abc/place?token=secret-value');
    const r = await plain('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    expect(r.body).toMatch(/http_requests_total\{method="GET",route="\/api\/checkout\/:id\/place",status="200"\} \d+/);
    expect(r.body).toMatch(/http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/strings"\}/);
    expect(r.body).toContain('nodejs_eventloop_lag_seconds');
    expect(r.body).toContain('partsfront_password_hash_waiting');
    expect(r.body).not.toContain('6f1c2b9e');
    expect(r.body).not.toContain('secret-value');
  });
});

describe('/readyz', () => {
  it('is 200 when the database answers and the build is on disk', async () => {
    const r = await plain('/readyz');
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ ok: true, build: path.basename(dir), database: 'ok', files: 'ok' });
  });

  it('is 503 naming the database when it does not answer; /healthz stays 200', async () => {
    const r = await broken('/readyz');
    expect(r.status).toBe(503);
    expect(r.json()).toMatchObject({ ok: false, database: 'failed', failed: ['database'] });
    expect((await broken('/healthz')).status).toBe(200);
  });
});
