import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, jsonLdScript, productJsonLd, robotsTxt, sitemapIndexXml, sitemapXml } from '#lib/catalogue/seo.ts';

describe('SEO documents', () => {
  it('escapes JSON-LD so text cannot close the script element', () => {
    const s = jsonLdScript({ name: '</script><script>alert(1)</script>' });
    expect(s).not.toContain('</script>');
    expect(JSON.parse(s).name).toBe('</script><script>alert(1)</script>');
  });
  it('builds Product and BreadcrumbList', () => {
    const p = productJsonLd({
      name: 'Filter',
      sku: 'X-1',
      description: 'd',
      url: 'https://a.se/produkt/f',
      images: ['https://a.se/i.svg'],
      brand: 'Bosch',
      price: 149,
      currency: 'SEK',
      stockStatus: 'back-order-quick',
    });
    expect(p).toMatchObject({
      '@type': 'Product',
      sku: 'X-1',
      brand: { name: 'Bosch' },
      offers: { price: '149.00', priceCurrency: 'SEK', availability: 'https://schema.org/BackOrder' },
    });
    const m = productJsonLd({
      name: 'Filter',
      sku: 'X-1',
      description: 'd',
      url: 'https://a.se/produkt/f',
      images: [],
      brand: 'Samsung',
      price: 149,
      currency: 'SEK',
      stockStatus: 'in-stock',
      manufacturer: {
        name: 'Maker Co.',
        address: { street: 'Road 1', postal_code: '16677', city: 'Suwon-si', country: 'KR' },
        email: 'safety@maker.example',
        url: null,
      },
      safetyInformation: { name: 'Säkerhetsinformation', value: 'Dra ur kontakten' },
    });
    expect(m).toMatchObject({
      manufacturer: {
        '@type': 'Organization',
        name: 'Maker Co.',
        email: 'safety@maker.example',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Road 1',
          postalCode: '16677',
          addressLocality: 'Suwon-si',
          addressCountry: 'KR',
        },
      },
      additionalProperty: [{ '@type': 'PropertyValue', propertyID: 'safetyInformation', value: 'Dra ur kontakten' }],
    });
    expect(m.manufacturer).not.toHaveProperty('url');
    expect(p).not.toHaveProperty('manufacturer');
    const b = breadcrumbJsonLd([
      { name: 'Hem', url: 'https://a.se/' },
      { name: 'Filter', url: 'https://a.se/k/f' },
    ]);
    expect(b.itemListElement.map((i) => i.position)).toEqual([1, 2]);
  });
  it('writes a sitemap index naming each sitemap with its lastmod', () => {
    const xml = sitemapIndexXml([
      { loc: 'https://a.se/sitemap-pages.xml' },
      { loc: 'https://a.se/sitemap-products-1.xml?a&b', lastmod: '2026-11-27' },
    ]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<sitemap><loc>https://a.se/sitemap-pages.xml</loc></sitemap>');
    expect(xml).toContain('<sitemap><loc>https://a.se/sitemap-products-1.xml?a&amp;b</loc><lastmod>2026-11-27</lastmod></sitemap>');
  });

  it('writes a sitemap with escaped URLs and hreflang alternates, and a robots.txt pointing at it', () => {
    const xml = sitemapXml([{ loc: 'https://a.se/?a=1&b=2', alternates: { 'fi-FI': 'https://a.fi/x' } }]);
    expect(xml).toContain('<loc>https://a.se/?a=1&amp;b=2</loc>');
    expect(xml).toContain('hreflang="fi-FI" href="https://a.fi/x"');
    const robots = robotsTxt('https://a.se', ['/checkout']);
    expect(robots).toContain('Disallow: /checkout');
    expect(robots).toContain('Sitemap: https://a.se/sitemap.xml');
  });
});
