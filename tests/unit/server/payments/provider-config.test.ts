import { describe, expect, it } from 'vitest';
import { adyenConfig, klarnaConfig, sandboxUrl } from '#server/payments/provider-config.ts';

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
