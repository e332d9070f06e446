/** The production server entry: hosts, localized paths, static files, 404 and 421. */
import { describe, expect, it, inject } from 'vitest';
import { request } from '#tests/support/http.ts';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';

const port = new URL(inject('apiBase')).port;
const at = (locale: string, path: string) => `http://${locale}.localhost:${port}${path}`;

describe('storefront server', () => {
  it.each(LOCALE_CODES)('%s home is its own storefront', async (code) => {
    const r = await request(at(code, '/'));
    expect(r.status).toBe(200);
    expect(r.body).toContain(`<html lang="${LOCALES[code].iso}"`);
    expect(r.body).toContain(LOCALES[code].brand);
  });

  it('answers an unknown host with 421, never a storefront page', async () => {
    for (const host of ['evil.example', '127.0.0.1', 'localhost', 'xx.localhost']) {
      const r = await request(`http://${host}:${port}/`);
      expect(r.status, host).toBe(421);
      expect(r.body).not.toContain('<html');
    }
    const api = await request(`http://evil.example:${port}/api/strings?locale=sv&sid=1`);
    expect(api.status).toBe(421);
    expect(api.headers['content-type']).toContain('application/json');
    expect(api.json().error.code).toBe('misdirected_request');
  });

  it('gives the localized 404 page for an unknown path or product', async () => {
    for (const path of ['/no/such/page', '/produkt/does-not-exist', '/kategori/nope']) {
      const r = await request(at('sv', path));
      expect(r.status, path).toBe(404);
      expect(r.body).toContain('This page could not be found');
      expect(r.body).toContain('lang="sv-SE"');
    }
    const fi = await request(at('fi', '/tuote/ei-ole'));
    expect(fi.status).toBe(404);
    expect(fi.body).toContain('lang="fi-FI"');
    // a path that is not valid percent-encoding is a quiet 400 (docs/adr/0001-host-routing-and-internal-pages.md#paths)
    const malformed = await request(at('sv', '/%E0%A4%A'));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toBe('Bad request: malformed or unsafe URL path');
  });

  it('serves precompressed pages with validators', async () => {
    const br = await request(at('da', '/'), { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    const gz = await request(at('da', '/'), { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const again = await request(at('da', '/'), { headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) } });
    expect(again.status).toBe(304);
  });

  it('keeps a page for revalidation at every use, but a page fetched ahead on hover fresh for the click (docs/adr/0028-client-navigation.md)', async () => {
    const page = await request(at('sv', '/'));
    expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    for (const purpose of ['prefetch', 'prefetch;prerender']) {
      const ahead = await request(at('sv', '/'), { headers: { 'sec-purpose': purpose } });
      expect(ahead.status).toBe(200);
      expect(ahead.body).toBe(page.body);
      expect(ahead.headers['cache-control'], purpose).toBe('public, max-age=10');
    }
    // files other than pages keep their own rules
    const logo = await request(at('sv', '/logos/sv.svg'), { headers: { 'sec-purpose': 'prefetch' } });
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('serves shared assets on every domain and refuses traversal', async () => {
    expect((await request(at('nl', '/logos/nl.svg'))).status).toBe(200);
    expect((await request(at('nl', '/images/../../package.json'))).status).toBe(404);
    expect((await request(at('nl', '/images/%2e%2e/%2e%2e/package.json'))).status).toBe(404);
  });

  it('does not accept writes to static pages', async () => {
    expect((await request(at('sv', '/'), { method: 'POST', body: '{}' })).status).toBe(405);
  });
});
