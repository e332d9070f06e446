/**
 * What every provider emulator module exports, so sandbox/server.ts can mount them by path prefix
 * (`/adyen/…`, `/klarna/…`, later `/walley/…`, `/two/…`, `/ingrid/…`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Emulator {
  /** Path prefix without a trailing slash, e.g. '/adyen'. */
  prefix: string;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Stops timers and pending notification deliveries (optional). */
  close?(): void;
}

export interface EmulatorOptions {
  /** How browsers reach the sandbox (hosted-page URLs are built from it), e.g. http://127.0.0.1:4330. */
  publicBaseUrl: string;
}

export type EmulatorFactory = (opts: EmulatorOptions) => Emulator;
