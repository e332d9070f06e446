import { describe, expect, it } from 'vitest';
import { resolveRequest } from '#lib/routing/request-mapping.ts';
import { DEFAULT_DOMAINS } from '#lib/market/locales.ts';

describe('host + path → internal page', () => {
  it('maps a localized path on each domain to the internal page', () => {
    const r = resolveRequest('fi.localhost:4321', '/tuote/pumppu-1', DEFAULT_DOMAINS);
    expect(r).toMatchObject({
      kind: 'page',
      locale: 'fi',
      match: { name: 'product', internalPath: '/fi/product/pumppu-1', mode: 'static' },
    });
    const s = resolveRequest('sv.localhost', '/sok', DEFAULT_DOMAINS);
    expect(s).toMatchObject({
      kind: 'page',
      locale: 'sv',
      match: { name: 'searchresults', internalPath: '/sv/searchresults', mode: 'server' },
    });
  });
  it('never serves an unknown host', () => {
    expect(resolveRequest('example.com', '/', DEFAULT_DOMAINS)).toEqual({ kind: 'unknown-host' });
    expect(resolveRequest(undefined, '/api/strings', DEFAULT_DOMAINS)).toEqual({ kind: 'unknown-host' });
  });
  it('passes API calls and assets through unchanged', () => {
    const image = '/media/0123456789abcdef0123456789abcdef-480.webp'; // the studio's images
    for (const p of ['/api/products', '/captuerr', '/_astro/x.js', '/images/parts/pump.svg', '/favicon.svg', '/admin/rebuild', image]) {
      expect(resolveRequest('nl.localhost', p, DEFAULT_DOMAINS), p).toEqual({ kind: 'passthrough', locale: 'nl' });
    }
  });
  it("serves robots.txt and sitemap.xml per domain from the locale's own prerendered file", () => {
    expect(resolveRequest('fi.localhost:4321', '/robots.txt', DEFAULT_DOMAINS)).toEqual({
      kind: 'locale-file',
      locale: 'fi',
      internalPath: '/fi/robots.txt',
    });
    expect(resolveRequest('nl.localhost', '/sitemap.xml', DEFAULT_DOMAINS)).toEqual({
      kind: 'locale-file',
      locale: 'nl',
      internalPath: '/nl/sitemap.xml',
    });
    expect(resolveRequest('evil.example', '/robots.txt', DEFAULT_DOMAINS)).toEqual({ kind: 'unknown-host' });
  });
  it("serves the sitemap index's pages, product and model sitemaps per domain; other spellings are no file of it", () => {
    for (const name of ['sitemap-pages.xml', 'sitemap-products-1.xml', 'sitemap-products-25.xml', 'sitemap-models-2.xml']) {
      expect(resolveRequest('da.localhost', `/${name}`, DEFAULT_DOMAINS)).toEqual({
        kind: 'locale-file',
        locale: 'da',
        internalPath: `/da/${name}`,
      });
    }
    for (const p of ['/sitemap-products-0.xml', '/sitemap-products-01.xml', '/sitemap-products-x.xml', '/sitemap-products-.xml']) {
      expect(resolveRequest('da.localhost', p, DEFAULT_DOMAINS).kind, p).not.toBe('locale-file');
    }
  });
  it('malformed paths are not found, not errors', () => {
    expect(resolveRequest('da.localhost', '/%E0%A4%A', DEFAULT_DOMAINS)).toEqual({ kind: 'not-found', locale: 'da' });
  });
});
