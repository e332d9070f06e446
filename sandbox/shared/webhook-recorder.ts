/**
 * A stand-in for the shop's notification endpoint in tests and local runs: records every POST and
 * answers like a well-behaved shop (Adyen wants the body `[accepted]`; Klarna any 2xx).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './http-io.ts';

export interface ReceivedNotification {
  path: string;
  host: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface WebhookRecorder {
  port: number;
  /** `http://{host}:{port}{path}`; host defaults to 127.0.0.1 (use e.g. 'shop.localhost' to test Host handling). */
  url(path: string, host?: string): string;
  received: ReceivedNotification[];
  waitFor(predicate: (n: ReceivedNotification[]) => boolean, timeoutMs?: number): Promise<ReceivedNotification[]>;
  clear(): void;
  close(): Promise<void>;
}

export async function startWebhookRecorder(answer = '[accepted]'): Promise<WebhookRecorder> {
  const received: ReceivedNotification[] = [];
  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    received.push({ path: req.url ?? '/', host: req.headers.host ?? '', headers: req.headers, body, at: Date.now() });
    res.writeHead(200, { 'content-type': 'text/plain' }).end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path, host = '127.0.0.1') => `http://${host}:${port}${path}`,
    received,
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(`notifications not as expected after ${timeoutMs} ms: ${JSON.stringify(received.map((r) => r.body))}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    clear: () => {
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
