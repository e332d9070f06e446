/**
 * The bad-input corpus, routing part (docs/adr/0001-host-routing-and-internal-pages.md#paths): traversal and
 * encoded separators never reach another storefront's file, the unused image endpoint is gone, malformed
 * percent-encodings are a quiet 400, and the API's locale/sid must name the storefront of the Host.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { request } from '#tests/support/http.ts';
import { TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
import { api, port, raw } from './api-support.ts';

/** GET with the path sent exactly as written (a URL object would normalize %2e%2e and backslashes away). */
function rawGet(locale: LocaleCode, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'GET', headers: { host: `${locale}.localhost:${port}` }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const PAIRS = LOCALE_CODES.flatMap((a) => LOCALE_CODES.filter((b) => b !== a).map((b) => [a, b] as const));
const FILES = ['index.html', '404/index.html', 'robots.txt', 'sitemap.xml'];

/** Ways to spell "../{b}/{file}" under a shared asset path: encoded slashes, backslashes, dots, double encoding. */
function encodedTraversals(b: LocaleCode, file: string): string[] {
  const f = (sep: string) => file.split('/').join(sep);
  return [
    `/_astro/..%2f${b}%2f${f('%2f')}`,
    `/_astro/..%2F${b}%2F${f('%2F')}`,
    `/_astro/..%5c${b}%5c${f('%5c')}`,
    `/_astro/%2e%2e%2f${b}%2f${f('%2f')}`,
    `/_astro/%252e%252e%252f${b}%252f${f('%252f')}`,
    `/images/..%2f..%2f${b}%2f${f('%2f')}`,
    `/logos/x%2f..%2f..%2f${b}%2f${f('%2f')}`,
  ];
}

function expectNotTheirs(r: { body: string }, b: LocaleCode, label: string) {
  expect(r.body, label).not.toMatch(new RegExp(`<html[^>]*data-locale="${b}"`));
  expect(r.body, label).not.toContain(`Sitemap: http://${b}.localhost`);
  expect(r.body, label).not.toMatch(new RegExp(`<loc>https?://${b}\\.localhost`));
}

describe("never another storefront's file", () => {
  it.each(PAIRS)('on %s, nothing of %s through encoded traversal', async (a, b) => {
    for (const file of FILES) {
      for (const path of encodedTraversals(b, file)) {
        const r = await rawGet(a, path);
        expect(r.status, `${a} ${path}`).toBe(400);
        expect(r.type, path).toMatch(/^text\/plain/);
        expectNotTheirs(r, b, `${a} ${path}`);
      }
    }
  });

  it.each(PAIRS)('on %s, nothing of %s through literal dots, backslashes or its own path', async (a, b) => {
    for (const file of FILES) {
      const win = file.split('/').join('\\');
      for (const path of [`/_astro/../${b}/${file}`, `/_astro\\..\\${b}\\${win}`, `/${b}/${file}`, `/favicon.svg/../${b}/${file}`]) {
        const r = await rawGet(a, path);
        expect([400, 404], `${a} ${path}: ${r.status}`).toContain(r.status);
        expectNotTheirs(r, b, `${a} ${path}`);
      }
    }
  });

  it('still serves shared assets and each storefront its own robots.txt and sitemap', async () => {
    const home = await rawGet('no', '/');
    const asset = /\/_astro\/[^"'\s)]+\.css/.exec(home.body)?.[0];
    expect(asset).toBeDefined();
    for (const locale of LOCALE_CODES) {
      expect((await rawGet(locale, asset!)).status).toBe(200);
      const robots = await rawGet(locale, '/robots.txt');
      expect(robots.status).toBe(200);
      expect(robots.body).toContain(`${locale}.localhost`);
      expect((await rawGet(locale, '/sitemap.xml')).body).toContain(`${locale}.localhost`);
    }
  });
});

describe('no unused endpoints', () => {
  it.each([
    '/_image?href=%2Fimages%2Fx.png&w=100&h=100&f=webp',
    '/_image',
    '/_server-islands/X',
    '/src/middleware.ts',
    '/node_modules/astro/package.json',
  ])('GET %s is the storefront 404', async (path) => {
    const r = await rawGet('sv', path);
    expect(r.status).toBe(404);
    expect(r.body).toContain('data-locale="sv"');
  });
});

describe('malformed percent-encodings are a quiet 400', () => {
  it.each([
    ['sv', '/%E0%A4%A'],
    ['sv', '/produkt/%ZZ'],
    ['fi', '/tuote/%E0%A4%A'],
    ['sv', '/checkout/%'],
    ['nl', '/_astro/%ZZ.js'],
    ['da', '/robots.txt%'],
  ] as const)('on %s: %s', async (locale, path) => {
    const r = await rawGet(locale, path);
    expect(r.status).toBe(400);
    expect(r.type).toMatch(/^text\/plain/);
    expect(r.body).toBe('Bad request: malformed or unsafe URL path');
  });

  it('under /api and /captuerr the 400 is the JSON error body', async () => {
    for (const path of ['/api/products%ZZ?locale=sv&sid=1&query=x', '/api/..%2fadmin%2frebuild', '/captuerr%E0%A4%A?locale=sv&sid=1']) {
      const r = await rawGet('sv', path);
      expect(r.status, path).toBe(400);
      expect(r.type).toMatch(/^application\/json/);
      expect(JSON.parse(r.body).error.code).toBe('invalid_request');
    }
  });
});

describe("the API's storefront is the Host's", () => {
  it.each(PAIRS)('on %s, locale=%s with its sid is 400 bad_locale', async (host, other) => {
    const url = `${raw('/api/current-deal', host)}?locale=${other}&sid=${LOCALES[other].storeID}`;
    const r = await request(url);
    expect(r.status).toBe(400);
    expect(r.json().error).toMatchObject({
      code: 'bad_locale',
      message: expect.stringContaining(`not the storefront of ${host}.localhost`),
    });
  });

  it('sync-cart?locale=fi&sid=4 on the Swedish domain answers no EUR prices but 400', async () => {
    const r = await request(`${raw('/api/sync-cart')}?locale=fi&sid=4`, { method: 'POST', body: JSON.stringify({ items: [] }) });
    expect(r.status).toBe(400);
    expect(r.json().error.code).toBe('bad_locale');
    // the same call on the Finnish domain is served
    const fi = await request(api('/api/sync-cart', 'fi'), { method: 'POST', body: JSON.stringify({ items: [] }) });
    expect(fi.status, fi.body).toBe(200);
  });

  it.each([
    ['/captuerr', JSON.stringify({ message: 'x' })],
    ['/api/payments/adyen/notifications', '{}'],
    ['/api/operator/orders/1234567/pick', '{}'],
    ['/api/auth/login', JSON.stringify({ email: 'a@example.com', password: 'x' })],
  ])('POST %s with another storefront than the Host is refused before anything is done', async (path, body) => {
    const headers = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` }; // the operator's token, so only the storefront is wrong
    const r = await request(`${raw(path, 'nl')}?locale=sv&sid=1`, { method: 'POST', body, headers });
    expect(r.status, r.body).toBe(400);
    expect(r.json().error.code).toBe('bad_locale');
  });
});
