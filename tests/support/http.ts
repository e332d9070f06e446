/**
 * HTTP for tests against a storefront host: Node cannot resolve *.localhost, so connect to 127.0.0.1
 * and send the storefront's Host header (what a browser on sv.localhost:PORT sends).
 */
import http from 'node:http';

/**
 * Each test file (one module instance per file) talks from its own loopback address (127.0.0.0/8 is all
 * loopback on Linux), so per-IP limits — failed logins, track-order lookups — count one file's requests and
 * a file that tests a limit never locks another out.
 */
const SOURCE_ADDRESS = `127.${1 + Math.floor(Math.random() * 254)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export interface TestResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = any>(): T;
}

export function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<TestResponse> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        localAddress: SOURCE_ADDRESS,
        port: u.port || 80,
        path: u.pathname + u.search,
        method: init.method ?? 'GET',
        headers: { host: u.host, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) });
        });
      },
    );
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

export const postJson = (url: string, data: unknown, headers: Record<string, string> = {}) =>
  request(url, { method: 'POST', body: JSON.stringify(data), headers });
