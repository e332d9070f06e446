/**
 * Connection limits of the storefront's HTTP server (docs/adr/0001-host-routing-and-internal-pages.md#slow-clients):
 * a shop sits behind a reverse proxy that sends whole requests at once, so a client still sending its headers
 * or body after a few seconds is slow or hostile and is closed; idle keep-alive outlives the proxy's own.
 *   PARTSFRONT_HEADERS_TIMEOUT_MS    whole request head received within (default 10000)
 *   PARTSFRONT_REQUEST_TIMEOUT_MS    whole request with its body received within (default 30000)
 *   PARTSFRONT_KEEPALIVE_TIMEOUT_MS  idle keep-alive connection closed after (default 65000, above the proxy's 60 s)
 *   PARTSFRONT_MAX_CONNECTIONS       open connections at most; more are refused (default 1024)
 */
import type { Server, ServerOptions } from 'node:http';

export interface ServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

const DEFAULTS: ServerLimits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 65_000, maxConnections: 1024 };

function positiveInt(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw new Error(`${name} must be a positive whole number, not ${JSON.stringify(text)}`);
  return Number(text);
}

export function serverLimitsFromEnv(env: Record<string, string | undefined> = process.env): ServerLimits {
  const limits: ServerLimits = {
    headersTimeoutMs: positiveInt(env, 'PARTSFRONT_HEADERS_TIMEOUT_MS', DEFAULTS.headersTimeoutMs),
    requestTimeoutMs: positiveInt(env, 'PARTSFRONT_REQUEST_TIMEOUT_MS', DEFAULTS.requestTimeoutMs),
    keepAliveTimeoutMs: positiveInt(env, 'PARTSFRONT_KEEPALIVE_TIMEOUT_MS', DEFAULTS.keepAliveTimeoutMs),
    maxConnections: positiveInt(env, 'PARTSFRONT_MAX_CONNECTIONS', DEFAULTS.maxConnections),
  };
  // Node refuses a head timeout longer than the whole request's.
  limits.headersTimeoutMs = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return limits;
}

/** Options for http.createServer: Node only checks the timeouts every connectionsCheckingInterval, so tie it to them. */
export function serverOptions(limits: ServerLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(100, Math.min(2000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

export function applyConnectionCap(server: Server, limits: ServerLimits): void {
  server.maxConnections = limits.maxConnections;
}
