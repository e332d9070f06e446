/**
 * External payment providers' configuration from the environment (names as sandbox/README.md suggests).
 * Outside production the local sandbox (sandbox/server.ts, started by `npm start` and the test servers)
 * fills what is not set, with its public test credentials; `PARTSFRONT_SANDBOX=off` or
 * `NODE_ENV=production` turns those defaults off, and a provider without full configuration is simply
 * not offered (docs/adr/0007-checkout-orders-and-money.md#providers).
 */
import type { AdyenConfig } from './adyen/client.ts';
import type { KlarnaConfig } from './klarna/client.ts';

type Env = Record<string, string | undefined>;

export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:4330';

/** The sandbox's own test credentials (sandbox/README.md): public values, useless anywhere else. */
const SANDBOX = {
  adyenApiKey: 'sandbox-adyen-api-key',
  adyenMerchantAccount: 'PartsfrontECOM',
  adyenHmacKey: '0F6A3C1B9E8D7F6A5B4C3D2E1F0A9B8C7D6E5F4A3B2C1D0E9F8A7B6C5D4E3F21',
  klarnaUsername: 'PK_SANDBOX_partsfront',
  klarnaPassword: 'sandbox-klarna-password',
};

/** The sandbox base URL when its defaults apply (development, tests, demo), else null. */
export function sandboxUrl(env: Env = process.env): string | null {
  if (env.NODE_ENV === 'production' || env.PARTSFRONT_SANDBOX === 'off') return null;
  return (env.PARTSFRONT_SANDBOX_URL || DEFAULT_SANDBOX_URL).replace(/\/+$/, '');
}

const timeout = (value: string | undefined): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 10_000;
};

export function adyenConfig(env: Env = process.env): AdyenConfig | null {
  const box = sandboxUrl(env);
  const baseUrl = env.ADYEN_CHECKOUT_URL || (box && `${box}/adyen`);
  const apiKey = env.ADYEN_API_KEY || (box && SANDBOX.adyenApiKey);
  const merchantAccount = env.ADYEN_MERCHANT_ACCOUNT || (box && SANDBOX.adyenMerchantAccount);
  const hmacKeyHex = env.ADYEN_HMAC_KEY || (box && SANDBOX.adyenHmacKey);
  if (!baseUrl || !apiKey || !merchantAccount || !hmacKeyHex) return null;
  return { baseUrl, apiKey, merchantAccount, hmacKeyHex, timeoutMs: timeout(env.ADYEN_TIMEOUT_MS) };
}

export function klarnaConfig(env: Env = process.env): KlarnaConfig | null {
  const box = sandboxUrl(env);
  const baseUrl = env.KLARNA_API_URL || (box && `${box}/klarna`);
  const username = env.KLARNA_USERNAME || (box && SANDBOX.klarnaUsername);
  const password = env.KLARNA_PASSWORD || (box && SANDBOX.klarnaPassword);
  if (!baseUrl || !username || !password) return null;
  return { baseUrl, username, password, timeoutMs: timeout(env.KLARNA_TIMEOUT_MS) };
}
