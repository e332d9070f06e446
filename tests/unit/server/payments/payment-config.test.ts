import { describe, expect, it } from 'vitest';
import { adyenConfig, klarnaConfig, parseWalleyStoreIds, twoConfig, walleyConfig } from '#server/payments/payment-config.ts';
import { sandboxUrl } from '#server/providers/provider-config.ts';
import { WALLEY_CLIENT } from '#sandbox/walley/walley-test-data.ts';
import { TWO_API_KEY, TWO_WEBHOOK_SECRET } from '#sandbox/two/two-test-data.ts';

describe('payment provider configuration', () => {
  it('defaults to the local sandbox outside production', () => {
    expect(sandboxUrl({})).toBe('http://127.0.0.1:4330');
    expect(adyenConfig({})).toMatchObject({ baseUrl: 'http://127.0.0.1:4330/adyen', merchantAccount: 'PartsfrontECOM', timeoutMs: 10_000 });
    expect(klarnaConfig({ PARTSFRONT_SANDBOX_URL: 'http://127.0.0.1:9999/' })).toMatchObject({ baseUrl: 'http://127.0.0.1:9999/klarna' });
  });

  it('offers nothing in production (or with the sandbox off) unless configured in full', () => {
    for (const env of [{ NODE_ENV: 'production' }, { PARTSFRONT_SANDBOX: 'off' }]) {
      expect(sandboxUrl(env)).toBeNull();
      expect(adyenConfig(env)).toBeNull();
      expect(klarnaConfig(env)).toBeNull();
      expect(walleyConfig(env)).toBeNull();
      expect(twoConfig(env)).toBeNull();
    }
    const adyen = {
      ADYEN_CHECKOUT_URL: 'https://checkout-test.adyen.com',
      ADYEN_API_KEY: 'k',
      ADYEN_MERCHANT_ACCOUNT: 'M',
      ADYEN_HMAC_KEY: 'AB',
    };
    expect(adyenConfig({ NODE_ENV: 'production', ...adyen, ADYEN_HMAC_KEY: '' })).toBeNull();
    expect(adyenConfig({ NODE_ENV: 'production', ...adyen, ADYEN_TIMEOUT_MS: '5000' })).toEqual({
      baseUrl: 'https://checkout-test.adyen.com',
      apiKey: 'k',
      merchantAccount: 'M',
      hmacKeyHex: 'AB',
      timeoutMs: 5000,
    });
  });
});

describe('Walley configuration', () => {
  const walley = {
    WALLEY_API_URL: 'https://api.uat.walleydev.com/',
    WALLEY_CLIENT_ID: 'id',
    WALLEY_CLIENT_SECRET: 'secret',
    WALLEY_SCOPE: 'scope/.default',
    WALLEY_STORE_IDS: 'sv=11, fi=14',
    WALLEY_TERMS_URL: 'https://www.example.se/villkor',
    WALLEY_CHECKOUT_PAGE_URL: 'https://www.example.se/walley',
  };

  it("defaults to the sandbox emulator's public test credentials and stores", () => {
    expect(walleyConfig({ PARTSFRONT_SANDBOX_URL: 'http://127.0.0.1:9999/' })).toEqual({
      baseUrl: 'http://127.0.0.1:9999/walley',
      ...WALLEY_CLIENT,
      storeIds: { sv: 1001, no: 1002, da: 1003, fi: 1004 },
      merchantTermsUri: 'http://sv.localhost:4321/',
      checkoutPageUrl: 'http://127.0.0.1:9999/walley/checkout-page',
      timeoutMs: 10_000,
    });
  });

  it('takes the environment in production, and nothing less than all of it', () => {
    expect(walleyConfig({ NODE_ENV: 'production', ...walley, WALLEY_TIMEOUT_MS: '4000' })).toEqual({
      baseUrl: 'https://api.uat.walleydev.com',
      clientId: 'id',
      clientSecret: 'secret',
      scope: 'scope/.default',
      storeIds: { sv: 11, fi: 14 },
      merchantTermsUri: 'https://www.example.se/villkor',
      checkoutPageUrl: 'https://www.example.se/walley',
      timeoutMs: 4000,
    });
    for (const name of Object.keys(walley)) expect(walleyConfig({ NODE_ENV: 'production', ...walley, [name]: '' })).toBeNull();
    // The sandbox never fills in for a production setting, not even the checkout page.
    expect(
      walleyConfig({ NODE_ENV: 'production', PARTSFRONT_SANDBOX_URL: 'http://127.0.0.1:4330', ...walley, WALLEY_SCOPE: '' }),
    ).toBeNull();
  });

  it('reads store ids per storefront and refuses a malformed list', () => {
    expect(parseWalleyStoreIds('sv=1001,no=1002')).toEqual({ sv: 1001, no: 1002 });
    expect(parseWalleyStoreIds(' da=7 ')).toEqual({ da: 7 });
    for (const bad of [undefined, '', 'sv', 'se=1001', 'sv=abc', 'sv=1001,xx=2', 'sv=-1']) expect(parseWalleyStoreIds(bad)).toBeNull();
    expect(walleyConfig({ WALLEY_STORE_IDS: 'sweden=1' })).toBeNull();
  });
});

describe('Two configuration', () => {
  it("defaults to the sandbox emulator's API key and webhook secret", () => {
    expect(twoConfig({})).toEqual({
      baseUrl: 'http://127.0.0.1:4330/two',
      apiKey: TWO_API_KEY,
      webhookSecret: TWO_WEBHOOK_SECRET,
      timeoutMs: 10_000,
    });
  });

  it('takes the environment in production, and nothing less than all of it', () => {
    const two = { TWO_API_URL: 'https://api.sandbox.two.inc', TWO_API_KEY: 'k', TWO_WEBHOOK_SECRET: 'whsec_AAAA' };
    expect(twoConfig({ NODE_ENV: 'production', ...two, TWO_TIMEOUT_MS: 'x' })).toEqual({
      baseUrl: 'https://api.sandbox.two.inc',
      apiKey: 'k',
      webhookSecret: 'whsec_AAAA',
      timeoutMs: 10_000,
    });
    for (const name of Object.keys(two)) expect(twoConfig({ NODE_ENV: 'production', ...two, [name]: '' })).toBeNull();
    expect(twoConfig({ PARTSFRONT_SANDBOX: 'off', TWO_API_KEY: 'k' })).toBeNull();
  });
});
