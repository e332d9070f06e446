import { describe, expect, it } from 'vitest';
import { resolveInside } from '#host/static-files.ts';

describe('static file resolution', () => {
  it('stays inside the build directory', () => {
    expect(resolveInside('/srv/client', '/sv/index.html')).toBe('/srv/client/sv/index.html');
    expect(resolveInside('/srv/client', '/../../etc/passwd')).toBe('/srv/client/etc/passwd');
    expect(resolveInside('/srv/client', '/%2e%2e/%2e%2e/etc/passwd')).toBe('/srv/client/etc/passwd');
    expect(resolveInside('/srv/client', '/a%00b')).toBeUndefined();
    expect(resolveInside('/srv/client', '/%E0%A4%A')).toBeUndefined();
  });
});
