/**
 * Configuration every provider adapter builds on (payments, shipping, search, tracking, recommendations):
 * outside production the local sandbox (sandbox/server.ts, started by `npm start` and the test servers)
 * stands in for whatever provider is not configured; `PARTSFRONT_SANDBOX=off` or `NODE_ENV=production`
 * turns that default off (docs/adr/0007-checkout-orders-and-money.md#providers, sandbox/README.md).
 */
export type Env = Record<string, string | undefined>;

export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:4330';

/** A provider's timeout from its variable: a positive whole number of milliseconds, else `fallback`. */
export function timeoutMs(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The sandbox base URL when its defaults apply (development, tests, demo), else null. */
export function sandboxUrl(env: Env = process.env): string | null {
  if (env.NODE_ENV === 'production' || env.PARTSFRONT_SANDBOX === 'off') return null;
  return (env.PARTSFRONT_SANDBOX_URL || DEFAULT_SANDBOX_URL).replace(/\/+$/, '');
}
