/**
 * Slow and hostile clients against a server of its own with short limits (src/host/server-limits.ts):
 * a half-sent head or body is closed within the configured timeout, and bad URLs leave no error in the log.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { API_PORT, TEST_BUILD_DIR } from '#tests/support/test-env.ts';

const PORT = API_PORT + 3;
const HEADERS_TIMEOUT_MS = 1500;
const REQUEST_TIMEOUT_MS = 2500;
let server: RunningServer | undefined;

beforeAll(async () => {
  server = await startServer({
    port: PORT,
    databaseUrl: inject('databaseUrl'),
    buildDir: TEST_BUILD_DIR,
    env: {
      PARTSFRONT_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      PARTSFRONT_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      PARTSFRONT_MAX_CONNECTIONS: '50',
      PARTSFRONT_RECONCILE_INTERVAL_S: '86400', // this second server must not reconcile the suite's checkouts
    },
  });
}, 60_000);
afterAll(() => server?.stop());

/** Sends `head` and never finishes the request; answers how long the server kept the socket and what it wrote. */
function halfSent(head: string): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(PORT, '127.0.0.1', () => socket.write(head));
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => {}); // a reset is the server closing it too; 'close' follows
    socket.on('close', () => resolve({ ms: Date.now() - started, answer }));
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new Error('the server kept a half-sent request open for 15 s'));
    });
  });
}

describe('slow clients are closed', () => {
  it('a head never finished is answered 408 and closed within the headers timeout', async () => {
    const r = await halfSent(`GET / HTTP/1.1\r\nHost: sv.localhost:${PORT}\r\nX-Slow: 1\r\n`);
    expect(r.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(r.ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    expect(r.ms).toBeLessThan(HEADERS_TIMEOUT_MS + 2500);
  });

  it('a body never finished is closed within the request timeout', async () => {
    const head = `POST /api/sync-cart?locale=sv&sid=1 HTTP/1.1\r\nHost: sv.localhost:${PORT}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"items":[`;
    const r = await halfSent(head);
    expect(r.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2500);
  });

  it('many half-sent requests at once are all closed, and the server still answers', async () => {
    const all = await Promise.all(Array.from({ length: 30 }, () => halfSent(`GET / HTTP/1.1\r\nHost: sv.localhost:${PORT}\r\n`)));
    for (const r of all) expect(r.ms).toBeLessThan(HEADERS_TIMEOUT_MS + 2500);
    const health = await fetch(`http://127.0.0.1:${PORT}/healthz`);
    expect(health.status).toBe(200);
  });
});

describe('the connection cap', () => {
  it('closes connections beyond PARTSFRONT_MAX_CONNECTIONS at once; the others wait for their timeout', async () => {
    const all = await Promise.all(Array.from({ length: 60 }, () => halfSent(`GET / HTTP/1.1\r\nHost: sv.localhost:${PORT}\r\n`)));
    const dropped = all.filter((r) => r.ms < HEADERS_TIMEOUT_MS - 500 && r.answer === '');
    expect(dropped.length).toBeGreaterThanOrEqual(10);
    expect(all.filter((r) => r.answer.startsWith('HTTP/1.1 408')).length).toBeLessThanOrEqual(50);
  });
});

describe('bad URLs are answered quietly', () => {
  it('malformed and traversing paths write no error to the log', async () => {
    const paths = [
      '/%E0%A4%A',
      '/produkt/%ZZ',
      '/checkout/%ZZ',
      '/_astro/..%2fsv%2findex.html',
      '/api/products%ZZ?locale=sv&sid=1',
      '/_image?href=x',
    ];
    const before = server!.output().length;
    for (const path of paths) {
      const answer = await new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = net.connect(PORT, '127.0.0.1', () =>
          socket.write(`GET ${path} HTTP/1.1\r\nHost: sv.localhost:${PORT}\r\nConnection: close\r\n\r\n`),
        );
        socket.on('data', (d) => (text += d.toString('latin1')));
        socket.on('error', reject);
        socket.on('close', () => resolve(text));
      });
      expect(answer, path).toMatch(/^HTTP\/1\.1 40[04]/);
    }
    const log = server!.output().slice(before);
    expect(log).not.toMatch(/\[ERROR\]|error|failed/i);
  });
});
