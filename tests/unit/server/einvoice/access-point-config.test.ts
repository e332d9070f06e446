/** Which access point e-invoices go through (docs/product/e-invoices.md#configuration). */
import { describe, expect, it } from 'vitest';
import { accessPointConfig, deliveryPollMs } from '#server/einvoice/access-point-config.ts';

describe('accessPointConfig', () => {
  it('outside production: the sandbox emulator with its own credentials', () => {
    expect(accessPointConfig({ PARTSFRONT_SANDBOX_URL: 'http://127.0.0.1:4999/' })).toEqual({
      mode: 'sandbox',
      baseUrl: 'http://127.0.0.1:4999/storecove/api/v2',
      apiKey: 'sandbox-storecove-api-key',
      legalEntityId: 100001,
      timeoutMs: 15000,
    });
  });

  it('Storecove when configured, also in production', () => {
    const env = {
      NODE_ENV: 'production',
      STORECOVE_API_URL: 'https://api.storecove.com/api/v2/',
      STORECOVE_API_KEY: 'k',
      STORECOVE_LEGAL_ENTITY_ID: '77',
      STORECOVE_TIMEOUT_MS: '5000',
    };
    expect(accessPointConfig(env)).toEqual({
      mode: 'real',
      baseUrl: 'https://api.storecove.com/api/v2',
      apiKey: 'k',
      legalEntityId: 77,
      timeoutMs: 5000,
    });
  });

  it('off in production without it, and with the sandbox off', () => {
    expect(accessPointConfig({ NODE_ENV: 'production' })).toBeNull();
    expect(accessPointConfig({ PARTSFRONT_SANDBOX: 'off' })).toBeNull();
    expect(accessPointConfig({ NODE_ENV: 'production', STORECOVE_API_URL: 'https://x.example', STORECOVE_API_KEY: 'k' })).toBeNull();
  });

  it('the poll interval', () => {
    expect(deliveryPollMs({})).toBe(30_000);
    expect(deliveryPollMs({ PARTSFRONT_EINVOICE_POLL_S: '0' })).toBe(0);
    expect(deliveryPollMs({ PARTSFRONT_EINVOICE_POLL_S: '0.5' })).toBe(500);
  });
});
