import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  adminDomain,
  BACKOFFICE_PAGE_PATTERNS,
  backofficeLabel,
  isAdminHost,
  publicBackofficePath,
  resolveBackofficePath,
} from '#lib/backoffice/backoffice-paths.ts';
import en from '#locales/backoffice/en.json' with { type: 'json' };
import sv from '#locales/backoffice/sv.json' with { type: 'json' };

/** Every page under src/pages/backoffice as a public pattern: `[x]` → `:x`, index → its folder. */
function backofficePages(): string[] {
  const root = path.resolve('src/pages/backoffice');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.(astro|ts)$/.test(e.name))
        out.push(
          '/' +
            path
              .relative(root, full)
              .replace(/\.(astro|ts)$/, '')
              .split(path.sep)
              .join('/'),
        );
    }
  };
  walk(root);
  return out
    .map((p) => p.replace(/\/?index$/, '') || '/')
    .map((p) => p.replace(/\[([^\]]+)\]/g, ':$1'))
    .sort();
}

describe('back-office host and paths', () => {
  it('defaults to admin.localhost and takes PARTSFRONT_ADMIN_DOMAIN', () => {
    expect(adminDomain({})).toBe('admin.localhost');
    expect(adminDomain({ PARTSFRONT_ADMIN_DOMAIN: 'Admin.Example.se.' })).toBe('admin.example.se');
  });

  it('recognises the admin host with or without a port, and nothing else', () => {
    expect(isAdminHost('admin.localhost:4321', 'admin.localhost')).toBe(true);
    expect(isAdminHost('ADMIN.localhost', 'admin.localhost')).toBe(true);
    expect(isAdminHost('sv.localhost:4321', 'admin.localhost')).toBe(false);
    expect(isAdminHost('admin.localhost.evil.example', 'admin.localhost')).toBe(false);
    expect(isAdminHost(undefined, 'admin.localhost')).toBe(false);
  });

  it('maps public paths to /backoffice pages and leaves build assets alone', () => {
    expect(resolveBackofficePath('/')).toEqual({ kind: 'page', internalPath: '/backoffice' });
    expect(resolveBackofficePath('/login')).toEqual({ kind: 'page', internalPath: '/backoffice/login' });
    expect(resolveBackofficePath('/staff/')).toEqual({ kind: 'page', internalPath: '/backoffice/staff' });
    // a storefront page or the API is just another unknown back-office path here
    expect(resolveBackofficePath('/api/products')).toEqual({ kind: 'page', internalPath: '/backoffice/api/products' });
    expect(resolveBackofficePath('/_astro/index.abc.css')).toEqual({ kind: 'asset' });
    expect(resolveBackofficePath('/favicon.svg')).toEqual({ kind: 'asset' });
    // the studio's images: the same route as on the storefronts
    const image = '/media/0123456789abcdef0123456789abcdef-480.webp';
    expect(resolveBackofficePath(image)).toEqual({ kind: 'page', internalPath: image });
    expect(publicBackofficePath('/backoffice')).toBe('/');
    expect(publicBackofficePath('/backoffice/audit')).toBe('/audit');
  });

  it('labels every back-office page by pattern (no tokens in labels)', () => {
    expect([...BACKOFFICE_PAGE_PATTERNS].sort()).toEqual(backofficePages());
    expect(backofficeLabel('/invite/abcdefabcdef')).toBe('bo:/invite/:token');
    expect(backofficeLabel('/')).toBe('bo:/');
    expect(backofficeLabel('/no/such/page')).toBe('bo:not-found');
    expect(backofficeLabel('/content/page/sv/kundservice/retur')).toBe('bo:/content/page/:locale/:...slug');
    expect(backofficeLabel('/content/page/sv')).toBe('bo:not-found');
    expect(backofficeLabel('/media/0123456789abcdef0123456789abcdef-480.webp')).toBe('/media/:file');
  });

  it('has every string in English and Swedish', () => {
    expect(Object.keys(sv).sort()).toEqual(Object.keys(en).sort());
  });
});
