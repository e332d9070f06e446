/** Which external search provider the environment configures (src/server/search/providers/depict-config.ts). */
import { describe, expect, it } from 'vitest';
import {
  depictConfig,
  DEPICT_API_URL,
  DEPICT_DEFAULT_TIMEOUT_MS,
  SANDBOX_DEPICT_MERCHANT,
} from '#server/search/providers/depict-config.ts';
import { requestedProvider } from '#server/search/providers/search-provider.ts';

describe('depictConfig', () => {
  it('without a merchant there is no external provider, in development too: the internal engine is the default', () => {
    expect(depictConfig({ PARTSFRONT_SANDBOX_URL: 'http://127.0.0.1:5555/' })).toBeNull();
    expect(depictConfig({})).toBeNull();
  });

  it('outside production a merchant without a URL: the sandbox emulator, the 800 ms budget, the country markets', () => {
    expect(depictConfig({ PARTSFRONT_SANDBOX_URL: 'http://127.0.0.1:5555/', PARTSFRONT_DEPICT_MERCHANT: SANDBOX_DEPICT_MERCHANT })).toEqual(
      {
        baseUrl: 'http://127.0.0.1:5555/depict',
        merchant: SANDBOX_DEPICT_MERCHANT,
        timeoutMs: DEPICT_DEFAULT_TIMEOUT_MS,
        markets: { sv: 'se', no: 'no', da: 'dk', fi: 'fi', nl: 'nl' },
      },
    );
  });

  it('in production, or with the sandbox off, no merchant means no external provider', () => {
    expect(depictConfig({ NODE_ENV: 'production' })).toBeNull();
    expect(depictConfig({ PARTSFRONT_SANDBOX: 'off' })).toBeNull();
  });

  it('a configured merchant goes to Depict itself (lower-cased), with the timeout and markets given', () => {
    expect(
      depictConfig({
        NODE_ENV: 'production',
        PARTSFRONT_DEPICT_MERCHANT: 'Partsfront',
        PARTSFRONT_DEPICT_TIMEOUT_MS: '450',
        PARTSFRONT_DEPICT_MARKETS: 'sv=sweden, nl=benelux, xx=yy',
      }),
    ).toEqual({
      baseUrl: DEPICT_API_URL,
      merchant: 'partsfront',
      timeoutMs: 450,
      markets: { sv: 'sweden', no: 'no', da: 'dk', fi: 'fi', nl: 'benelux' },
    });
  });

  it('PARTSFRONT_DEPICT_URL moves the base; a bad timeout keeps the default', () => {
    const c = depictConfig({
      PARTSFRONT_DEPICT_MERCHANT: 'acme',
      PARTSFRONT_DEPICT_URL: 'http://depict.test/',
      PARTSFRONT_DEPICT_TIMEOUT_MS: 'soon',
    });
    expect([c?.baseUrl, c?.timeoutMs]).toEqual(['http://depict.test', DEPICT_DEFAULT_TIMEOUT_MS]);
  });
});

describe('requestedProvider', () => {
  it('only `external` asks for the external provider', () => {
    expect(['external', 'internal', undefined, 'External', 'depict'].map(requestedProvider)).toEqual([
      'external',
      'internal',
      'internal',
      'internal',
      'internal',
    ]);
  });
});
