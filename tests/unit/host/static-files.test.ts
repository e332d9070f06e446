import { describe, expect, it } from 'vitest';
import { resolveInside } from '#host/static-files.ts';

describe('static file resolution', () => {
  it('stays inside the build directory: traversing paths are refused, not clamped', () => {
    expect(resolveInside('/srv/client', '/sv/index.html')).toBe('/srv/client/sv/index.html');
    expect(resolveInside('/srv/client', '/../../etc/passwd')).toBeUndefined();
    expect(resolveInside('/srv/client', '/%2e%2e/%2e%2e/etc/passwd')).toBeUndefined();
    expect(resolveInside('/srv/client', '/a%00b')).toBeUndefined();
    expect(resolveInside('/srv/client', '/%E0%A4%A')).toBeUndefined();
  });

  it('never reaches another storefront through an asset path or encoded separators', () => {
    expect(resolveInside('/srv/client', '/_astro/..%2fsv%2findex.html')).toBeUndefined();
    expect(resolveInside('/srv/client', '/_astro/..%5csv%5crobots.txt')).toBeUndefined();
    expect(resolveInside('/srv/client', '/_astro/%252e%252e%252fsv/sitemap.xml')).toBeUndefined();
  });

  it('keeps a storefront file inside that storefront directory', () => {
    expect(resolveInside('/srv/client', '/no/robots.txt', '/srv/client/no')).toBe('/srv/client/no/robots.txt');
    expect(resolveInside('/srv/client', '/sv/robots.txt', '/srv/client/no')).toBeUndefined();
    expect(resolveInside('/srv/client', '/no', '/srv/client/no')).toBe('/srv/client/no');
    expect(resolveInside('/srv/client', '/nope/index.html', '/srv/client/no')).toBeUndefined();
  });
});
