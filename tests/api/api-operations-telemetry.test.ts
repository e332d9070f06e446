/**
 * Request ids, the access log, /metrics and /readyz on the real server (docs/product/logs-and-metrics.md): the
 * suite's shared server (no trusted proxy, a metrics token), and one of this file's own behind a "trusted proxy"
 * with JSON logs and the internal metrics listener, whose output is read back.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { TEST_BUILD_DIR, TEST_METRICS_TOKEN } from '#tests/support/test-env.ts';
import { api, raw } from './api-support.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const bearer = { authorization: `Bearer ${TEST_METRICS_TOKEN}` };

describe('the shared server', () => {
  it('answers every request with an X-Request-Id, and ignores a client-sent one (no trusted proxy)', async () => {
    for (const url of [raw('/'), api('/api/strings'), raw('/no/such/page'), raw('/healthz')]) {
      const r = await request(url, { headers: { 'x-request-id': 'client-chosen-id' } });
      expect(r.headers['x-request-id'], url).toMatch(UUID);
    }
  });

  it('serves /metrics only with the token: a storefront host without it gets the unknown page 404', async () => {
    const unknown = await request(raw('/no-such-page-at-all'));
    const hidden = await request(raw('/metrics'));
    expect(hidden.status).toBe(404);
    expect(hidden.body).toBe(unknown.body);
    expect((await request(raw('/metrics'), { headers: { authorization: 'Bearer not-the-token' } })).status).toBe(404);

    await request(api('/api/checkout/00000000-0000-4000-8000-000000000000?email=anna%40example.com'));
    const r = await request(raw('/metrics'), { headers: bearer });
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/^http_requests_total\{method="GET",route="\/api\/checkout\/:id",status="\d{3}"\} \d+$/m);
    expect(r.body).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/strings"\} \d+$/m);
    expect(r.body).toMatch(/^http_requests_total\{method="GET",route="index",status="200"\} \d+$/m);
    expect(r.body).toContain('partsfront_cache_entries');
    expect(r.body).toContain('nodejs_heap_size_used_bytes');
    for (const secret of ['00000000-0000-4000-8000-000000000000', 'anna', 'example.com']) expect(r.body).not.toContain(secret);
  });

  it('is ready: /readyz checks the database and the build', async () => {
    const r = await request(raw('/readyz'));
    expect(r.status).toBe(200);
    expect(r.json()).toMatchObject({ ok: true, database: 'ok', files: 'ok', build: 'build' });
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

interface LogLine {
  level: number;
  msg: string;
  area?: string;
  requestId?: string;
  [field: string]: unknown;
}
const linesOf = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

describe('a server behind a trusted proxy, with JSON logs', () => {
  let server: RunningServer;
  let metricsPort: number;
  const base = () => `http://sv.localhost:${server.port}`;

  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServer({
      port: await freePort(),
      databaseUrl: inject('databaseUrl'),
      buildDir: TEST_BUILD_DIR,
      env: {
        PARTSFRONT_TRUST_PROXY: '1',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'info',
        PARTSFRONT_METRICS_PORT: String(metricsPort),
        PARTSFRONT_METRICS_TOKEN: '',
        PARTSFRONT_SANDBOX_URL: inject('sandboxUrl'),
        PARTSFRONT_CHANGE_POLL_MS: '0',
        PARTSFRONT_RECONCILE_INTERVAL_S: '0',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("echoes the proxy's request id and writes one access line per request: fields, route pattern, no path or query value", async () => {
    const id = `edge-${Date.now()}`;
    const r = await request(`${base()}/my-order/PF-TEST-0001?email=anna%40example.com&token=tok_secret`, {
      headers: { 'x-request-id': id },
    });
    expect(r.headers['x-request-id']).toBe(id);
    const forged = await request(`${base()}/`, { headers: { 'x-request-id': 'has space' } });
    expect(forged.headers['x-request-id']).toMatch(UUID);

    await expect.poll(() => linesOf(server.output()).some((l) => l.area === 'access' && l.requestId === id)).toBe(true);
    const line = linesOf(server.output()).find((l) => l.area === 'access' && l.requestId === id)!;
    expect(line).toMatchObject({ level: 30, method: 'GET', route: 'my-order-id', status: r.status, locale: 'sv', requestId: id });
    expect(typeof line.ms).toBe('number');
    const text = JSON.stringify(line);
    for (const secret of ['PF-TEST-0001', 'anna', 'tok_secret', 'email=']) expect(text).not.toContain(secret);
  });

  it("carries the request id into the build's own log lines (the /captuerr report)", async () => {
    const id = `report-${Date.now()}`;
    const url = `${base()}/captuerr?locale=sv&sid=${new URL(api('/x')).searchParams.get('sid')}`;
    const r = await postJson(url, { error: 'TypeError: telemetry test', level: 'warning' }, { 'x-request-id': id });
    expect(r.status).toBe(204);
    await expect.poll(() => linesOf(server.output()).some((l) => l.area === 'client-errors' && l.requestId === id)).toBe(true);
    const stored = linesOf(server.output()).find((l) => l.area === 'client-errors' && l.requestId === id)!;
    expect(stored).toMatchObject({ msg: 'client error report stored', level: 30, reportLevel: 'warning' });
    expect(stored.report).toMatch(UUID);
  });

  it('counts rate-limit refusals by limit name', async () => {
    const url = `${base()}/captuerr?locale=sv&sid=${new URL(api('/x')).searchParams.get('sid')}`;
    const client = { 'x-forwarded-for': `198.51.100.${Date.now() % 250}` }; // its own counter (trusted proxy)
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) status = (await postJson(url, { error: `burst ${i}` }, client)).status;
    expect(status).toBe(429);
    const text = (await request(`http://127.0.0.1:${metricsPort}/metrics`)).body;
    expect(Number(/^partsfront_rate_limit_refusals_total\{limit="captuerr"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('serves /metrics on the internal listener, and not on the public port without a token', async () => {
    const internal = await request(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(internal.status).toBe(200);
    expect(internal.body).toContain('http_requests_total{method="GET",route="my-order-id"');
    expect((await request(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
    expect((await request(`${base()}/metrics`, { headers: { authorization: 'Bearer ' } })).status).toBe(404);
  });
});
