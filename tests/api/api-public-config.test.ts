/** GET /api/public-config (docs/product/api.md#public-config): what the browser may call, always 200. */
import { describe, expect, it } from 'vitest';
import { postJson, request } from '#tests/support/http.ts';
import { api, raw } from './api-support.ts';
import { publicConfigSchema } from '#lib/api/public-config-contracts.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

describe('GET /api/public-config', () => {
  it('answers every storefront 200 with what is configured (the suite runs the sandbox personalisation and Depict), cacheable', async () => {
    for (const locale of LOCALE_CODES) {
      const r = await request(api('/api/public-config', locale));
      expect(r.status).toBe(200);
      expect(r.headers['cache-control']).toBe('public, max-age=300');
      expect(publicConfigSchema.strict().parse(r.json())).toEqual({ personalisation: true, external_recommendations: true });
    }
  });

  it('needs the storefront pair and GET', async () => {
    const wrong = await request(raw('/api/public-config?locale=fi&sid=1'));
    expect(wrong.status).toBe(400);
    expect(wrong.json().error.code).toBe('bad_locale');
    expect((await postJson(api('/api/public-config'), {})).status).toBe(405);
  });
});
