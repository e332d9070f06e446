import { describe, expect, it } from 'vitest';
import {
  MAX_PRERENDERS,
  prefetchTarget,
  PRERENDER_ATTRIBUTE,
  slowConnection,
  SPECULATION_RULES,
} from '#lib/page-behaviour/prefetch-rules.ts';

const here = new URL('http://sv.localhost/kategori/diskmaskin');

describe('prefetchTarget', () => {
  it('fetches ahead the prerendered catalogue pages of the storefront', () => {
    for (const path of [
      '/produkt/filter-1',
      '/kategori/tvatt',
      '/varumarke/bosch',
      '/produkt-tagg/rea',
      '/modell/bosch-sms46',
      '/om-oss',
      '/',
    ])
      expect(prefetchTarget(path, here, 'sv'), path).toBe(`http://sv.localhost${path}`);
  });

  it('follows the locale: the Finnish product path, not the Swedish one', () => {
    const fi = new URL('http://fi.localhost/');
    expect(prefetchTarget('/malli/bosch-sms46', fi, 'fi')).toBe('http://fi.localhost/malli/bosch-sms46');
  });

  it('never checkout, confirmation, account, search results, discount links or other on-demand pages', () => {
    for (const path of [
      '/checkout',
      '/checkout/abc',
      '/checkout/confirmation/abc',
      '/my-account',
      '/my-account/orders/12',
      '/my-order/12',
      '/sok',
      '/rabatt/SOMMAR',
      '/track-order',
      '/modell/bosch-sms46/delar',
      '/bevakning',
    ])
      expect(prefetchTarget(path, here, 'sv'), path).toBeUndefined();
  });

  it('never another origin, the page itself, an address with a query, the API or a file', () => {
    for (const href of [
      'http://no.localhost/produkt/filter-1',
      'https://example.com/',
      '/kategori/diskmaskin',
      '/kategori/diskmaskin#filter',
      '/produkt/filter-1?atc=SKU-1:1',
      '/?login',
      '/api/products',
      '/sitemap.xml',
      '/checkout/invoice/12.pdf',
      'javascript:alert(1)',
    ])
      expect(prefetchTarget(href, here, 'sv'), href).toBeUndefined();
  });
});

describe('slowConnection', () => {
  it('is slow with data saver, 2g or slow-2g; fast otherwise or when the browser says nothing', () => {
    expect(slowConnection({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(slowConnection({ effectiveType: '2g' })).toBe(true);
    expect(slowConnection({ effectiveType: 'slow-2g' })).toBe(true);
    expect(slowConnection({ effectiveType: '3g' })).toBe(false);
    expect(slowConnection({ saveData: false, effectiveType: '4g' })).toBe(false);
    expect(slowConnection(undefined)).toBe(false);
  });
});

describe('SPECULATION_RULES', () => {
  it('fetches and prerenders at once the pages of the links the hover marked, and no other', () => {
    const where = { selector_matches: 'a[data-prerender]' };
    expect(JSON.parse(SPECULATION_RULES)).toEqual({
      prefetch: [{ source: 'document', where, eagerness: 'immediate' }],
      prerender: [{ source: 'document', where, eagerness: 'immediate' }],
    });
    expect(PRERENDER_ATTRIBUTE).toBe('data-prerender');
    expect(MAX_PRERENDERS).toBe(2);
  });
});
