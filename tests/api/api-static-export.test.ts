/**
 * The static export (docs/product/performance.md#static-export): the test build's pages per domain under their
 * public, localized addresses, linked into the build, with the per-page CSP the nodes send.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_CODES, parseDomains } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { exportStatic, type ExportResult } from '#builds/static-export.ts';
import { request } from '#tests/support/http.ts';
import { TEST_BUILD_DIR } from '#tests/support/test-env.ts';
import { openTestDb, raw } from './api-support.ts';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-export-'));
const domains = parseDomains(undefined);
let result: ExportResult;

beforeAll(() => {
  result = exportStatic(TEST_BUILD_DIR, out, domains, false);
});
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

/** The `_headers` rule of one path: its header lines. */
function rule(domain: string, publicPath: string): Record<string, string> {
  const lines = fs.readFileSync(path.join(out, domain, '_headers'), 'utf8').split('\n');
  const at = lines.indexOf(publicPath);
  const headers: Record<string, string> = {};
  for (let i = at + 1; at >= 0 && lines[i]?.startsWith('  '); i++) {
    const [name, ...value] = lines[i]!.trim().split(': ');
    headers[name!.toLowerCase()] = value.join(': ');
  }
  return headers;
}

describe('static export', () => {
  it('lays out every storefront’s pages under its own domain and public paths, linked into the build', async () => {
    const h = openTestDb();
    try {
      for (const locale of LOCALE_CODES) {
        const domain = domains[locale];
        const root = path.join(out, domain);
        expect(result.domains[domain]!.pages).toBeGreaterThan(300);
        const product = await h.db
          .selectFrom('product_translations')
          .select('slug')
          .where('locale', '=', locale)
          .orderBy('product_id')
          .executeTakeFirstOrThrow();
        const pages: [string, string][] = [
          [pathFor('index', locale), `${locale}/index.html`],
          [pathFor('product', locale, { slug: product.slug }), `${locale}/product/${product.slug}/index.html`],
        ];
        for (const [pub, internal] of pages) {
          const file = path.join(root, ...decodeURI(pub).split('/').filter(Boolean), 'index.html');
          expect(fs.realpathSync(file), pub).toBe(fs.realpathSync(path.join(TEST_BUILD_DIR, 'client', internal)));
          expect(fs.existsSync(`${file}.br`)).toBe(true);
          // the same CSP the node sends for that page
          const live = await request(raw(pub, locale));
          expect(live.status).toBe(200);
          expect(rule(domain, pub)['content-security-policy']).toBe(live.headers['content-security-policy']);
          expect(fs.readFileSync(path.join(out, domain, 'nginx-csp.map'), 'utf8')).toContain(
            `${JSON.stringify(pub)} ${JSON.stringify(live.headers['content-security-policy'])};`,
          );
        }
        expect(fs.realpathSync(path.join(root, 'robots.txt'))).toBe(
          fs.realpathSync(path.join(TEST_BUILD_DIR, 'client', locale, 'robots.txt')),
        );
        expect(fs.existsSync(path.join(root, '404.html'))).toBe(true);
        expect(fs.existsSync(path.join(root, '_astro'))).toBe(true);
        // only that storefront: no other storefront's directory, no on-demand page
        expect(fs.existsSync(path.join(root, 'sv')) || fs.existsSync(path.join(root, 'checkout'))).toBe(false);
      }
    } finally {
      await h.db.destroy();
    }
  });

  it('sends the nodes’ other security headers everywhere and lets a CDN keep assets for a year', () => {
    const all = rule(domains.sv, '/*');
    expect(all).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
    });
    expect(all['content-security-policy']).toBeUndefined(); // each page has its own
    expect(rule(domains.sv, '/_astro/*')).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(rule(domains.sv, '/')['cache-control']).toBe('public, max-age=0, must-revalidate');
  });
});
