/**
 * External payment providers' configuration from the environment (names as sandbox/README.md suggests):
 * ADYEN_*, KLARNA_*, WALLEY_*, TWO_*.
 * Outside production the local sandbox (sandbox/server.ts, started by `npm start` and the test servers)
 * fills what is not set, with its public test credentials; `PARTSFRONT_SANDBOX=off` or
 * `NODE_ENV=production` turns those defaults off, and a provider without full configuration is simply
 * not offered (docs/adr/0007-checkout-orders-and-money.md#providers). The sandbox's address and switch:
 * src/server/providers/provider-config.ts.
 */
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { sandboxUrl, timeoutMs, type Env } from '#server/providers/provider-config.ts';
import type { AdyenConfig } from './adyen/client.ts';
import type { KlarnaConfig } from './klarna/client.ts';
import type { TwoProviderOptions } from './two/two-provider.ts';
import type { WalleyProviderOptions } from './walley/walley-provider.ts';

/** The sandbox's own test credentials (sandbox/README.md): public values, useless anywhere else. */
const SANDBOX = {
  adyenApiKey: 'sandbox-adyen-api-key',
  adyenMerchantAccount: 'PartsfrontECOM',
  adyenHmacKey: '0F6A3C1B9E8D7F6A5B4C3D2E1F0A9B8C7D6E5F4A3B2C1D0E9F8A7B6C5D4E3F21',
  klarnaUsername: 'PK_SANDBOX_partsfront',
  klarnaPassword: 'sandbox-klarna-password',
  walleyClientId: 'partsfront-sandbox',
  walleyClientSecret: 'walley-sandbox-secret',
  walleyScope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
  walleyStoreIds: 'sv=1001,no=1002,da=1003,fi=1004',
  twoApiKey: 'two-sandbox-api-key',
  twoWebhookSecret: 'whsec_c2FuZGJveC10d28td2ViaG9vay1zZWNyZXQtMzI=',
};

/** A payment provider's default timeout. */
const timeout = (value: string | undefined): number => timeoutMs(value, 10_000);

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

/**
 * `sv=1001,no=1002,…` → store id per storefront; null when an entry is malformed or names no storefront
 * (a typo must not quietly drop a market).
 */
export function parseWalleyStoreIds(value: string | undefined): Partial<Record<LocaleCode, number>> | null {
  const ids: Partial<Record<LocaleCode, number>> = {};
  const entries = (value ?? '').split(',').map((e) => e.trim());
  for (const entry of entries.filter(Boolean)) {
    const m = /^([a-z]{2})=(\d{1,9})$/.exec(entry);
    const locale = m && LOCALE_CODES.find((c) => c === m[1]);
    if (!m || !locale) return null;
    ids[locale] = Number(m[2]);
  }
  return Object.keys(ids).length > 0 ? ids : null;
}

/**
 * Walley also needs the page that shows its checkout (in production the shop's own page embedding Walley's
 * iframe, which must be configured; the sandbox serves a standalone one) and the shop's terms URL
 * (the sandbox takes the sv storefront until the shop has a terms page).
 */
export function walleyConfig(env: Env = process.env): WalleyProviderOptions | null {
  const box = sandboxUrl(env);
  const baseUrl = env.WALLEY_API_URL || (box && `${box}/walley`);
  const clientId = env.WALLEY_CLIENT_ID || (box && SANDBOX.walleyClientId);
  const clientSecret = env.WALLEY_CLIENT_SECRET || (box && SANDBOX.walleyClientSecret);
  const scope = env.WALLEY_SCOPE || (box && SANDBOX.walleyScope);
  const storeIds = parseWalleyStoreIds(env.WALLEY_STORE_IDS || (box ? SANDBOX.walleyStoreIds : undefined));
  const merchantTermsUri = env.WALLEY_TERMS_URL || (box && `${siteSettings(env).origins.sv}/`);
  const checkoutPageUrl = env.WALLEY_CHECKOUT_PAGE_URL || (box && `${box}/walley/checkout-page`);
  if (!baseUrl || !clientId || !clientSecret || !scope || !storeIds || !merchantTermsUri || !checkoutPageUrl) return null;
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    clientId,
    clientSecret,
    scope,
    storeIds,
    merchantTermsUri,
    checkoutPageUrl: checkoutPageUrl.replace(/\/+$/, ''),
    timeoutMs: timeout(env.WALLEY_TIMEOUT_MS),
  };
}

export function twoConfig(env: Env = process.env): TwoProviderOptions | null {
  const box = sandboxUrl(env);
  const baseUrl = env.TWO_API_URL || (box && `${box}/two`);
  const apiKey = env.TWO_API_KEY || (box && SANDBOX.twoApiKey);
  const webhookSecret = env.TWO_WEBHOOK_SECRET || (box && SANDBOX.twoWebhookSecret);
  if (!baseUrl || !apiKey || !webhookSecret) return null;
  return { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, webhookSecret, timeoutMs: timeout(env.TWO_TIMEOUT_MS) };
}
