/** The common provider client (src/server/providers/http-client.ts) counts every attempt by provider and outcome. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonHttpClient } from '#server/providers/http-client.ts';
import { metricsText } from '#server/telemetry/metrics.ts';

let server: http.Server;
let client: JsonHttpClient;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/slow') return void setTimeout(() => res.end('{}'), 500);
    const status = Number(req.url?.slice(1));
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(status < 400 ? { ok: true } : { errorCode: 'E1', message: 'no' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  client = new JsonHttpClient({
    provider: 'unit-http',
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    timeoutMs: 100,
    headers: {},
    describeError: () => ({ code: null, message: null }),
    safeRetries: 0,
  });
});
afterAll(() => {
  server.close();
});

const count = async (outcome: string) =>
  Number(
    new RegExp(`partsfront_provider_calls_total\\{provider="unit-http",outcome="${outcome}"\\} (\\d+)`).exec(
      (await metricsText()).body,
    )?.[1] ?? 0,
  );

describe('provider call metrics', () => {
  it('counts ok, rejected (4xx), unavailable (5xx) and timeout', async () => {
    await client.call('GET', '/200', z.object({ ok: z.boolean() }));
    await expect(client.send('POST', '/422', {})).rejects.toThrow(/422/);
    await expect(client.send('POST', '/503', {})).rejects.toThrow(/503/);
    await expect(client.send('POST', '/slow', {})).rejects.toThrow(/timed out/);
    expect(await count('ok')).toBe(1);
    expect(await count('rejected')).toBe(1);
    expect(await count('unavailable')).toBe(1);
    expect(await count('timeout')).toBe(1);
  });
});
