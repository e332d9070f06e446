import { describe, expect, it } from 'vitest';
import { imageOfType, imagesOfType, PLACEHOLDER_IMAGE } from '#lib/catalogue/product-images.ts';
import { ImageType } from '#lib/catalogue/types.ts';
import { shouldLoadReviews } from '#lib/content/review-widget.ts';
import { calendarYear, isDoorOpen, pickDoorProducts, CALENDAR_DOORS } from '#lib/catalogue/christmas-calendar.ts';
import { breadcrumbJsonLd, jsonLdScript, productJsonLd, robotsTxt, sitemapXml } from '#lib/catalogue/seo.ts';

const img = (type: number, sort_order: number, url: string) => ({ type, sort_order, url, width: 10, height: 10 });

describe('product images by type (SPEC §3)', () => {
  const images = [img(ImageType.Gallery, 2, 'g2'), img(ImageType.Gallery, 1, 'g1'), img(ImageType.Featured, 5, 'f5'), img(ImageType.Featured, 0, 'f0')];
  it('chooses by type, ordered by sort_order', () => {
    expect(imagesOfType(images, ImageType.Gallery).map((i) => i.url)).toEqual(['g1', 'g2']);
    expect(imageOfType(images, ImageType.Featured)?.url).toBe('f0');
  });
  it('falls back to the placeholder for Featured and Thumb only', () => {
    expect(imageOfType(images, ImageType.Thumb)?.url).toBe(PLACEHOLDER_IMAGE);
    expect(imageOfType([], ImageType.Featured)).toMatchObject({ url: PLACEHOLDER_IMAGE, width: 600, height: 600 });
    expect(imageOfType([], ImageType.Zoom)).toBeUndefined();
  });
});

describe('trust-review widget loading rule (SPEC §9)', () => {
  it('loads at once on a viewport over 1200 px with a page of at most 1800 px', () => {
    expect(shouldLoadReviews({ viewportHeight: 1201, pageHeight: 1800, scrollY: 0 })).toBe(true);
    expect(shouldLoadReviews({ viewportHeight: 1200, pageHeight: 1800, scrollY: 0 })).toBe(false);
    expect(shouldLoadReviews({ viewportHeight: 1300, pageHeight: 1801, scrollY: 0 })).toBe(false);
  });
  it('otherwise after scrolling past 400 px', () => {
    expect(shouldLoadReviews({ viewportHeight: 800, pageHeight: 5000, scrollY: 400 })).toBe(false);
    expect(shouldLoadReviews({ viewportHeight: 800, pageHeight: 5000, scrollY: 401 })).toBe(true);
  });
});

describe('Christmas calendar', () => {
  it('is for this December, or last year\'s in January', () => {
    expect(calendarYear(new Date('2026-11-22T12:00:00Z'))).toBe(2026);
    expect(calendarYear(new Date('2027-01-05T12:00:00Z'))).toBe(2026);
  });
  it('opens a door from its day on', () => {
    expect(isDoorOpen(5, 2026, new Date(2026, 11, 4))).toBe(false);
    expect(isDoorOpen(5, 2026, new Date(2026, 11, 5))).toBe(true);
    expect(isDoorOpen(24, 2026, new Date(2026, 10, 30))).toBe(false);
    expect(isDoorOpen(24, 2026, new Date(2027, 0, 2))).toBe(true);
  });
  it('puts 24 distinct orderable products behind the doors, campaigns first', () => {
    const products = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, orderable: i % 7 !== 0, stock_status: 'in-stock', campaign: i % 10 === 3 }));
    const doors = pickDoorProducts(products);
    expect(doors).toHaveLength(CALENDAR_DOORS);
    expect(new Set(doors.map((d) => d.id)).size).toBe(CALENDAR_DOORS);
    expect(doors.every((d) => d.orderable)).toBe(true);
    expect(doors[0].campaign).toBe(true);
    expect(pickDoorProducts(products.slice(0, 5)).length).toBeLessThanOrEqual(5);
  });
});

describe('SEO documents', () => {
  it('escapes JSON-LD so text cannot close the script element', () => {
    const s = jsonLdScript({ name: '</script><script>alert(1)</script>' });
    expect(s).not.toContain('</script>');
    expect(JSON.parse(s).name).toBe('</script><script>alert(1)</script>');
  });
  it('builds Product and BreadcrumbList', () => {
    const p = productJsonLd({ name: 'Filter', sku: 'X-1', description: 'd', url: 'https://a.se/produkt/f', images: ['https://a.se/i.svg'], brand: 'Bosch', price: 149, currency: 'SEK', stockStatus: 'back-order-quick' });
    expect(p).toMatchObject({ '@type': 'Product', sku: 'X-1', brand: { name: 'Bosch' }, offers: { price: '149.00', priceCurrency: 'SEK', availability: 'https://schema.org/BackOrder' } });
    const b = breadcrumbJsonLd([{ name: 'Hem', url: 'https://a.se/' }, { name: 'Filter', url: 'https://a.se/k/f' }]);
    expect(b.itemListElement.map((i) => i.position)).toEqual([1, 2]);
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
