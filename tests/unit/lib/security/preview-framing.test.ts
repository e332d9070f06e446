/**
 * The studio's preview framing (docs/product/content-studio.md#preview): exactly the page preview may be framed,
 * and only by the back office's origin; the studio pages may frame the storefronts.
 */
import { describe, expect, it } from 'vitest';
import { framedByBackoffice, framesStorefronts, framingPolicy, htmlContentSecurityPolicy } from '#lib/security/security-headers.ts';
import { backofficeOrigin } from '#server/market/site-settings.ts';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('preview framing', () => {
  it('lets exactly the page preview be framed, by the back office origin, without X-Frame-Options', () => {
    expect(framingPolicy('page-preview', 'http://admin.localhost:4321')).toEqual({
      frameAncestors: 'http://admin.localhost:4321',
      denyHeader: false,
    });
    expect(framingPolicy('page-preview', 'https://admin.example.se')).toEqual({
      frameAncestors: 'https://admin.example.se',
      denyHeader: false,
    });
    for (const route of ['index', 'product', 'content', 'checkout-id', 'my-account', undefined])
      expect(framingPolicy(route, 'https://admin.example.se'), String(route)).toEqual({ frameAncestors: "'none'", denyHeader: true });
    expect(framedByBackoffice('page-preview')).toBe(true);
    expect(framedByBackoffice('content')).toBe(false);
  });

  it('never writes a malformed origin into the policy', () => {
    for (const bad of ['', '*', "https://a.se 'unsafe-inline'", 'https://a.se; script-src *', 'javascript:x', 'https://a.se/path'])
      expect(framingPolicy('page-preview', bad), bad).toEqual({ frameAncestors: "'none'", denyHeader: true });
  });

  it('names the frame ancestor and frame sources in the HTML CSP only when asked', () => {
    const plain = htmlContentSecurityPolicy([]);
    expect(directive(plain, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(plain, 'frame-src')).toBeUndefined();
    const preview = htmlContentSecurityPolicy([], { frameAncestors: 'http://admin.localhost:4321' });
    expect(directive(preview, 'frame-ancestors')).toBe('frame-ancestors http://admin.localhost:4321');
    const studio = htmlContentSecurityPolicy([], { frameSrc: ['http://sv.localhost:4321', 'http://fi.localhost:4321'] });
    expect(directive(studio, 'frame-src')).toBe("frame-src 'self' http://sv.localhost:4321 http://fi.localhost:4321");
    expect(directive(studio, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('the studio pages frame the storefronts, no other back-office page does', () => {
    expect(framesStorefronts('/backoffice/content')).toBe(true);
    expect(framesStorefronts('/backoffice/content/page/sv/om-oss')).toBe(true);
    expect(framesStorefronts('/backoffice/contents')).toBe(false);
    expect(framesStorefronts('/backoffice/orders')).toBe(false);
    expect(framesStorefronts('/sv/content/om-oss')).toBe(false);
  });

  it('the back office origin follows the public scheme and port (behind nginx: the public origin)', () => {
    expect(backofficeOrigin({ PORT: '4400' })).toBe('http://admin.localhost:4400');
    expect(backofficeOrigin({ PARTSFRONT_ADMIN_DOMAIN: 'admin.example.se' })).toBe('https://admin.example.se');
    expect(
      framingPolicy('page-preview', backofficeOrigin({ PARTSFRONT_ADMIN_DOMAIN: 'admin.example.se', PARTSFRONT_PUBLIC_PORT: '8443' }))
        .frameAncestors,
    ).toBe('https://admin.example.se:8443');
  });
});
