import { describe, expect, it } from 'vitest';
import { publicPagePath } from '#lib/routing/public-page-path.ts';

describe('publicPagePath', () => {
  it('maps a prerendered page’s internal path to its localized public path', () => {
    expect(publicPagePath('/sv/product/kniv-1')).toEqual({ locale: 'sv', path: '/produkt/kniv-1' });
    expect(publicPagePath('/fi/product/terä-1')?.path).toBe('/tuote/ter%C3%A4-1');
    expect(publicPagePath('/fi/category/tvatt/torktumlare')).toEqual({ locale: 'fi', path: '/kategoria/tvatt/torktumlare' });
    expect(publicPagePath('/da/brand/bosch')).toEqual({ locale: 'da', path: '/maerke/bosch' });
    expect(publicPagePath('/nl/tag/nieuw')).toEqual({ locale: 'nl', path: '/product-tag/nieuw' });
    expect(publicPagePath('/nl/content/over-ons')).toEqual({ locale: 'nl', path: '/over-ons' });
    expect(publicPagePath('/no/christmas-calendar')).toEqual({ locale: 'no', path: '/julekalender' });
    expect(publicPagePath('/sv/')).toEqual({ locale: 'sv', path: '/' });
  });

  it('has no static address for on-demand pages or unknown paths', () => {
    expect(publicPagePath('/sv/checkout')).toBeUndefined();
    expect(publicPagePath('/sv/category-page/2/stad')).toBeUndefined();
    expect(publicPagePath('/xx/product/a')).toBeUndefined();
  });
});
