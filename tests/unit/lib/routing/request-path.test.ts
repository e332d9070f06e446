import { describe, expect, it } from 'vitest';
import { checkRequestPath } from '#lib/routing/request-path.ts';

describe('checkRequestPath', () => {
  it.each(['/', '/produkt/borrmaskin-x', '/kategori/el/kablar/', '/_astro/index.Ab12.js', '/s%C3%B6k', '/api/products'])(
    'accepts %s',
    (p) => {
      const r = checkRequestPath(p);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.decoded).toBe(decodeURIComponent(p));
    },
  );

  it.each(['/%E0%A4%A', '/produkt/%ZZ', '/%', '/a%2'])('refuses the malformed %s', (p) => {
    expect(checkRequestPath(p)).toEqual({ ok: false, reason: 'malformed' });
  });

  it.each([
    '/_astro/..%2fsv%2findex.html',
    '/_astro/..%2Fsv%2F404%2Findex.html',
    '/_astro/..%5csv%5crobots.txt',
    '/_astro/%2e%2e%2fsv/sitemap.xml',
    '/_astro/%252e%252e%252fsv/index.html',
    '/images/x%00.png',
    '/images/..\\sv\\index.html',
    '/a/../b',
    '/a/./b',
  ])('refuses the unsafe %s', (p) => {
    expect(checkRequestPath(p)).toEqual({ ok: false, reason: 'unsafe' });
  });
});
