import { describe, expect, it } from 'vitest';
import { serverLimitsFromEnv, serverOptions } from '#host/server-limits.ts';

describe('serverLimitsFromEnv', () => {
  it('defaults suit a shop behind a reverse proxy', () => {
    expect(serverLimitsFromEnv({})).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 1024,
    });
  });

  it('reads each limit from its variable and keeps the head timeout within the request timeout', () => {
    const limits = serverLimitsFromEnv({
      PARTSFRONT_HEADERS_TIMEOUT_MS: '5000',
      PARTSFRONT_REQUEST_TIMEOUT_MS: '3000',
      PARTSFRONT_KEEPALIVE_TIMEOUT_MS: '70000',
      PARTSFRONT_MAX_CONNECTIONS: '200',
    });
    expect(limits).toEqual({ headersTimeoutMs: 3000, requestTimeoutMs: 3000, keepAliveTimeoutMs: 70_000, maxConnections: 200 });
    expect(serverOptions(limits)).toEqual({
      headersTimeout: 3000,
      requestTimeout: 3000,
      keepAliveTimeout: 70_000,
      connectionsCheckingInterval: 750,
    });
  });

  it.each(['0', '-1', 'ten', '1.5', '99999999999'])('refuses %j', (value) => {
    expect(() => serverLimitsFromEnv({ PARTSFRONT_MAX_CONNECTIONS: value })).toThrow(/PARTSFRONT_MAX_CONNECTIONS/);
  });
});
