/**
 * The local provider sandbox: one Node http server that mounts the provider emulators by path
 * prefix (/adyen/…, /klarna/…; more modules are added to EMULATORS). Not part of the shop's bundle.
 *
 *   node sandbox/server.ts            # PARTSFRONT_SANDBOX_PORT (default 4330) on 127.0.0.1
 *   startSandbox({ port: 0 })         # in tests: a free port, in-process
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createEmulator as adyen } from './adyen/adyen-emulator.ts';
import { createEmulator as klarna } from './klarna/klarna-emulator.ts';
import { createEmulator as walley } from './walley/walley-emulator.ts';
import { createEmulator as two } from './two/two-emulator.ts';
import { createEmulator as ingrid } from './ingrid/ingrid-emulator.ts';
import { createEmulator as depict } from './depict/depict-emulator.ts';
import { createEmulator as storecove } from './storecove/storecove-emulator.ts';
import type { Emulator, EmulatorFactory } from './shared/emulator-module.ts';
import { loggerFor } from '#server/telemetry/logger.ts';

const log = loggerFor('sandbox');

export const EMULATORS: EmulatorFactory[] = [adyen, klarna, walley, two, ingrid, depict, storecove];

export interface RunningSandbox {
  port: number;
  /** http://127.0.0.1:PORT (or PARTSFRONT_SANDBOX_PUBLIC_URL): what adapters and browsers use. */
  url: string;
  /** Mounted emulator prefixes, e.g. ['/adyen', '/klarna']. */
  prefixes: string[];
  close(): Promise<void>;
}

export async function startSandbox(opts: { port?: number; host?: string; publicBaseUrl?: string } = {}): Promise<RunningSandbox> {
  const host = opts.host ?? '127.0.0.1';
  let emulators: Emulator[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    if (url.pathname === '/healthz') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    const emulator = emulators.find((e) => url.pathname === e.prefix || url.pathname.startsWith(`${e.prefix}/`));
    if (!emulator)
      return void res
        .writeHead(404, { 'content-type': 'text/plain' })
        .end(`no emulator here; mounted: ${emulators.map((e) => e.prefix).join(', ')}`);
    emulator.handle(req, res, url).catch((error: unknown) => {
      log.error({ err: error, method: req.method, emulator: emulator.prefix }, 'sandbox emulator failed');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('sandbox error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 4330, host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  // Emulators need the public URL for hosted-page links, known only once the port is (port 0 in tests).
  const url = (opts.publicBaseUrl ?? `http://${host}:${port}`).replace(/\/+$/, '');
  emulators = EMULATORS.map((create) => create({ publicBaseUrl: url }));
  return {
    port,
    url,
    prefixes: emulators.map((e) => e.prefix),
    close: () =>
      new Promise<void>((resolve) => {
        for (const e of emulators) e.close?.();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.PARTSFRONT_SANDBOX_PORT ?? 4330);
  const sandbox = await startSandbox({
    port,
    ...(process.env.PARTSFRONT_SANDBOX_PUBLIC_URL ? { publicBaseUrl: process.env.PARTSFRONT_SANDBOX_PUBLIC_URL } : {}),
  });
  console.log(`Partsfront provider sandbox on ${sandbox.url} — ${sandbox.prefixes.join(', ')} (GET /healthz)`);
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
