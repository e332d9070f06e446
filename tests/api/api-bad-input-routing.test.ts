/**
 * The bad-input corpus, routing part (docs/adr/0001-host-routing-and-internal-pages.md#paths): traversal and
 * encoded separators never reach another storefront's file, the unused image endpoint is gone, malformed
 * percent-encodings are a quiet 400 (nothing logged as an error), and on every API route locale, sid and Host
 * must agree.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCALE_CODES, LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { request } from '#tests/support/http.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { API_PORT, TEST_BUILD_DIR, TEST_OPERATOR_TOKEN } from '#tests/support/test-env.ts';
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
    // mixed case, double-encoded backslash, overlong UTF-8 for '/', '.' and '\\' (a decoder that accepts them is a hole)
    `/_astro/.%2E%2F${b}%2f${f('%2F')}`,
    `/_astro/%2E%2e%5C${b}%5c${f('%5C')}`,
    `/_astro/..%255c${b}%255c${f('%255c')}`,
    `/_astro/..%c0%af${b}%c0%af${f('%c0%af')}`,
    `/_astro/..%C0%AF${b}%C0%AF${f('%C0%AF')}`,
    `/_astro/..%e0%80%af${b}%e0%80%af${f('%e0%80%af')}`,
    `/_astro/%c0%ae%c0%ae%2f${b}%2f${f('%2f')}`,
    `/_astro/..%c1%9c${b}%c1%9c${f('%c1%9c')}`,
    // from a storefront path and from the storefront's own files, not only from the shared asset paths
    `/..%2f${b}%2f${f('%2f')}`,
    `/produkt/..%2f..%2f${b}%2f${f('%2f')}`,
    `/robots.txt/..%2f..%2f${b}%2f${f('%2f')}`,
    `/sitemap.xml%2f..%2f..%2f${b}%2f${f('%2f')}`,
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
      for (const path of [
        `/_astro/../${b}/${file}`,
        `/_astro\\..\\${b}\\${win}`,
        `/${b}/${file}`,
        `/favicon.svg/../${b}/${file}`,
        `/%2e%2e/${b}/${file}`,
        `/./${b}/${file}`,
      ]) {
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
    '/_image?href=https%3A%2F%2Fevil.example%2Fx.png&w=10',
    '/_image?url=/favicon.svg',
    '/_image?href=..%2f..%2fetc%2fpasswd',
    '/_image?f=svg&href=%2Ffavicon.svg&w=1&h=1&q=100',
    '/_image?href=%ZZ',
    '/_image/',
    '/_image%3Fhref=x',
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

describe('bad URLs are answered quietly', () => {
  // A server of its own, to read what it logs (the suite's shared server is started by the global setup).
  const PORT = API_PORT + 8;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({ port: PORT, databaseUrl: inject('databaseUrl'), buildDir: TEST_BUILD_DIR });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  const MALFORMED: [LocaleCode, string, number][] = [
    ['sv', '/%E0%A4%A', 400],
    ['sv', '/produkt/%ZZ', 400],
    ['fi', '/tuote/%E0%A4%A', 400],
    ['sv', '/checkout/%', 400],
    ['sv', '/my-account/orders/%ZZ', 400],
    ['nl', '/_astro/%ZZ.js', 400],
    ['da', '/robots.txt%', 400],
    ['no', '/%ff%fe', 400],
    ['sv', '/produkt/%C0%80', 400],
    ['sv', '/produkt/x%00y', 400],
    ['sv', '/api/products%ZZ?locale=sv&sid=1&query=x', 400],
    ['sv', '/api/checkout/%ZZ?locale=sv&sid=1', 400],
    ['sv', '/api/widget-by-slug/%E0%A4%A?locale=sv&sid=1', 400],
    ['sv', '/captuerr%E0%A4%A?locale=sv&sid=1', 400],
    // malformed only in the query: decoded leniently (U+FFFD), an ordinary answer
    ['sv', '/sok?q=%ZZ', 200],
    ['sv', '/api/products?locale=sv&sid=1&query=fil%E0%A4%A', 200],
    ['fi', '/api/search-triggers?locale=fi&sid=4&query=%ZZ%ZZ', 200],
  ];

  it('answers each malformed URL as expected and writes no [ERROR] or stack to the log', async () => {
    for (const [locale, path, status] of MALFORMED) {
      const r = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: PORT, path, headers: { host: `${locale}.localhost:${PORT}` }, agent: false },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(r, `${locale} ${path}`).toBe(status);
    }
    await new Promise((r) => setTimeout(r, 200)); // let the last log lines arrive
    const log = server!.output();
    expect(log).not.toMatch(/\[ERROR\]|URIError|Unhandled|\n\s+at /);
  });
});

/** Every API route that takes locale/sid, with what it needs besides (a body, the operator's token). */
const STORE_ROUTES: [string, string, string?][] = [
  ['POST', '/api/auth/change-password', '{}'],
  ['POST', '/api/auth/forgot-password', '{}'],
  ['POST', '/api/auth/login-link', '{}'],
  ['POST', '/api/auth/login', '{}'],
  ['POST', '/api/auth/logout', '{}'],
  ['GET', '/api/auth/profile'],
  ['POST', '/api/auth/refresh', '{}'],
  ['POST', '/api/auth/register', '{}'],
  ['POST', '/api/auth/set-password', '{}'],
  ['POST', '/api/auth/token-login', '{}'],
  ['POST', '/api/category-children', '{}'],
  ['GET', '/api/checkout/abc'],
  ['POST', '/api/checkout/abc', '{}'],
  ['POST', '/api/checkout/abc/place', '{}'],
  ['GET', '/api/checkout/abc/return'],
  ['POST', '/api/checkout', '{}'],
  ['GET', '/api/current-deal'],
  ['POST', '/api/operator/orders/1234567/pick', '{}'],
  ['POST', '/api/operator/returns/R-1/receive', '{}'],
  ['GET', '/api/order-auth/info'],
  ['POST', '/api/order-auth/login', '{}'],
  ['POST', '/api/order-auth/refresh', '{}'],
  ['POST', '/api/payments/adyen/notifications', '{}'],
  ['GET', '/api/payments/klarna/notifications'],
  ['GET', '/api/product-categories?v=2'],
  ['GET', '/api/products?query=filter'],
  ['GET', '/api/returns'],
  ['POST', '/api/returns', '{}'],
  ['GET', '/api/search-triggers?query=retur'],
  ['GET', '/api/strings'],
  ['POST', '/api/subscriptions/1', '{}'],
  ['GET', '/api/subscriptions'],
  ['POST', '/api/sync-cart', '{"items":[]}'],
  ['POST', '/api/sync-coupons', '{"coupons":[]}'],
  ['GET', '/api/widget-by-slug/store-message'],
  ['POST', '/captuerr', '{"error":"x"}'],
];

describe('locale, sid and Host must agree on every API route', () => {
  // the operator's token on the operator routes, so that only the storefront is wrong
  const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
  const call = (method: string, path: string, host: string, query: string, body?: string) =>
    request(`http://${host}:${port}${path}${path.includes('?') ? '&' : '?'}${query}`.replace(/[?&]$/, ''), {
      method,
      body,
      headers: path.startsWith('/api/operator/') ? operator : {},
    });

  it.each(STORE_ROUTES)('%s %s: another storefront than the Host → 400 bad_locale', async (method, path, body) => {
    const r = await call(method, path, 'nl.localhost', 'locale=sv&sid=1', body);
    expect(r.status, r.body).toBe(400);
    expect(r.json().error).toMatchObject({ code: 'bad_locale', message: expect.stringContaining('not the storefront of nl.localhost') });
  });

  it.each(STORE_ROUTES)('%s %s: locale and sid of two storefronts → 400 bad_locale', async (method, path, body) => {
    const r = await call(method, path, 'nl.localhost', 'locale=nl&sid=1', body);
    expect(r.status, r.body).toBe(400);
    expect(r.json().error).toMatchObject({ code: 'bad_locale', message: 'sid 1 is not the store id of locale nl' });
  });

  it.each(STORE_ROUTES)('%s %s: no locale/sid → 400 bad_locale', async (method, path, body) => {
    const r = await call(method, path, 'fi.localhost', '', body);
    expect(r.status, r.body).toBe(400);
    expect(r.json().error.code).toBe('bad_locale');
  });

  it.each(STORE_ROUTES)('%s %s: a Host that is no storefront → 421 misdirected_request', async (method, path, body) => {
    const r = await call(method, path, 'evil.example', 'locale=sv&sid=1', body);
    expect(r.status, r.body).toBe(421);
    expect(r.json().error.code).toBe('misdirected_request');
  });
});
