import { describe, expect, it } from 'vitest';
import { parseDomains } from '#lib/market/locales.ts';
import {
  modelSitemapFile,
  productSitemapFile,
  SITEMAP_CHUNK_DEFAULT,
  SITEMAP_PATH,
  sitemapChunkSize,
  sitemapEntry,
  sitemapLabel,
} from '#lib/routing/sitemap-files.ts';

const origins = Object.fromEntries(Object.entries(parseDomains(undefined)).map(([c, d]) => [c, `https://${d}`])) as Parameters<
  typeof sitemapEntry
>[1];

describe('sitemap files', () => {
  it('takes the chunk size from the environment within the protocol limit, else the default', () => {
    expect(sitemapChunkSize(undefined)).toBe(SITEMAP_CHUNK_DEFAULT);
    expect(sitemapChunkSize('')).toBe(SITEMAP_CHUNK_DEFAULT);
    expect(sitemapChunkSize('25')).toBe(25);
    expect(sitemapChunkSize('50000')).toBe(50_000);
    expect(sitemapChunkSize('50001')).toBe(SITEMAP_CHUNK_DEFAULT);
    expect(sitemapChunkSize('0')).toBe(SITEMAP_CHUNK_DEFAULT);
    expect(sitemapChunkSize('2.5')).toBe(SITEMAP_CHUNK_DEFAULT);
  });

  it('names product chunks from 1 and knows the public paths', () => {
    expect(productSitemapFile(3)).toBe('sitemap-products-3.xml');
    expect(SITEMAP_PATH.test('/' + productSitemapFile(3))).toBe(true);
    expect(SITEMAP_PATH.test('/sitemap.xml')).toBe(true);
    expect(SITEMAP_PATH.test('/sitemap-pages.xml')).toBe(true);
    expect(SITEMAP_PATH.test('/sitemap-products-03.xml')).toBe(false);
    expect(SITEMAP_PATH.test('/x/sitemap.xml')).toBe(false);
    expect(sitemapLabel('/sitemap-products-12.xml')).toBe('/sitemap-products-:n.xml');
    expect(sitemapLabel('/sitemap-models-3.xml')).toBe('/sitemap-models-:n.xml');
    expect(sitemapLabel('/sitemap.xml')).toBe('/sitemap.xml');
    expect(SITEMAP_PATH.test('/' + modelSitemapFile(2))).toBe(true);
  });

  it("writes an entry on the storefront's own origin, with alternates only when the page is in several storefronts", () => {
    expect(sitemapEntry('fi', origins, { fi: '/tuote/a' }, '2026-01-02')).toEqual({
      loc: `${origins.fi}/tuote/a`,
      lastmod: '2026-01-02',
      alternates: undefined,
    });
    const e = sitemapEntry('sv', origins, { sv: '/produkt/a', fi: '/tuote/b' });
    expect(e.loc).toBe(`${origins.sv}/produkt/a`);
    expect(e.alternates).toEqual({ 'sv-SE': `${origins.sv}/produkt/a`, 'fi-FI': `${origins.fi}/tuote/b` });
  });
});
