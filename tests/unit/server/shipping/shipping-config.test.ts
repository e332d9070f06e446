import { describe, expect, it } from 'vitest';
import { ingridConfig, SANDBOX_INGRID_SITE_TOKEN } from '#server/shipping/shipping-config.ts';
import { INGRID_SITE_TOKEN } from '#sandbox/ingrid/ingrid-site-config.ts';

describe('Ingrid configuration', () => {
  it("defaults to the sandbox emulator's public site token outside production", () => {
    expect(SANDBOX_INGRID_SITE_TOKEN).toBe(INGRID_SITE_TOKEN);
    expect(ingridConfig({})).toEqual({ baseUrl: 'http://127.0.0.1:4330/ingrid', siteToken: INGRID_SITE_TOKEN, timeoutMs: 10_000 });
    expect(ingridConfig({ PARTSFRONT_SANDBOX_URL: 'http://127.0.0.1:9999/' })).toMatchObject({ baseUrl: 'http://127.0.0.1:9999/ingrid' });
  });

  it('takes the environment, trims the base URL and reads the timeout', () => {
    expect(
      ingridConfig({
        NODE_ENV: 'production',
        INGRID_API_URL: 'https://api-stage.ingrid.com/',
        INGRID_SITE_TOKEN: 'c2l0ZQ==',
        INGRID_TIMEOUT_MS: '4000',
      }),
    ).toEqual({ baseUrl: 'https://api-stage.ingrid.com', siteToken: 'c2l0ZQ==', timeoutMs: 4000 });
    expect(ingridConfig({ INGRID_TIMEOUT_MS: 'soon' })?.timeoutMs).toBe(10_000);
    expect(ingridConfig({ INGRID_TIMEOUT_MS: '-5' })?.timeoutMs).toBe(10_000);
  });

  it('is null in production (or with the sandbox off) unless configured in full', () => {
    for (const env of [{ NODE_ENV: 'production' }, { PARTSFRONT_SANDBOX: 'off' }]) {
      expect(ingridConfig(env)).toBeNull();
      expect(ingridConfig({ ...env, INGRID_API_URL: 'https://api.ingrid.com' })).toBeNull();
      expect(ingridConfig({ ...env, INGRID_SITE_TOKEN: 'c2l0ZQ==' })).toBeNull();
    }
  });
});
