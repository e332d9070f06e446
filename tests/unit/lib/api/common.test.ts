import { describe, expect, it } from 'vitest';
import { parseStoreQuery, storeQuery } from '#lib/api/common.ts';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';

describe('locale + sid query pair', () => {
  it.each(LOCALE_CODES)('%s with its own store id is accepted', (code) => {
    expect(parseStoreQuery(new URLSearchParams(storeQuery(code)))).toEqual({ ok: true, locale: code, sid: LOCALES[code].storeID });
  });
  it.each([
    '',
    'locale=sv',
    'sid=1',
    'locale=sv&sid=3',
    'locale=xx&sid=1',
    'locale=sv&sid=1.0',
    'locale=sv&sid=-1',
    'locale=SV&sid=1',
    'locale=sv&sid=01x',
  ])('rejects %j', (q) => {
    const r = parseStoreQuery(new URLSearchParams(q));
    expect(r.ok).toBe(false);
  });
});
