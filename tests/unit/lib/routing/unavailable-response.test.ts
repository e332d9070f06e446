/** The 503 the error boundary answers when the database is unreachable (src/lib/routing/route-errors.ts). */
import { describe, expect, it } from 'vitest';
import { unavailableResponse } from '#lib/routing/route-errors.ts';
import { STRINGS } from '#lib/market/i18n.ts';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';

describe('unavailableResponse', () => {
  it.each(LOCALE_CODES)('a page on %s: the 503 page in its language, Retry-After, never cached', async (code) => {
    const r = unavailableResponse(`/${code}/checkout`, code, 5);
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('5');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await r.text();
    expect(html).toContain(`lang="${LOCALES[code].iso}"`);
    expect(html).toContain('data-status="503"');
    expect(html).toContain(STRINGS[code].errors.unavailable_title);
    expect(html).toContain(STRINGS[code].errors.unavailable);
    expect(html).toContain(STRINGS[code].errors.back_home);
  });

  it('under /api and /captuerr: JSON service_unavailable without internals', async () => {
    for (const path of ['/api/sync-cart', '/captuerr']) {
      const r = unavailableResponse(path, undefined, 7);
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('7');
      expect(r.headers.get('content-type')).toBe('application/json');
      const body = (await r.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('service_unavailable');
      expect(body.error.message).not.toMatch(/ECONN|postgres|sqlite/i);
    }
  });
});
