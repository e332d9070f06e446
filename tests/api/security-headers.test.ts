/**
 * Security headers on every kind of answer (docs/product/security.md), on SQLite and PostgreSQL: a
 * prerendered page, on-demand pages, the API, an asset, the 404 page, a plain-text error and a redirect.
 * HTML pages carry a CSP whose script hashes are exactly those of the page's own inline scripts.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { request, type TestResponse } from '#tests/support/http.ts';
import { api, raw } from './api-support.ts';

function expectCommonHeaders(r: TestResponse, what: string) {
  expect(r.headers['x-content-type-options'], what).toBe('nosniff');
  expect(r.headers['x-frame-options'], what).toBe('DENY');
  expect(r.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(r.headers['permissions-policy'], what).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  // Plain http (the test server is not behind a trusted proxy): never HSTS, even if a client claims https.
  expect(r.headers['strict-transport-security'], what).toBeUndefined();
  expect(r.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
}

/** Inline scripts a browser runs, found independently of the server's own scan. */
function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/\ssrc=/.test(attrs) || /type="application\/(?:ld\+)?json"/.test(attrs)) continue;
    out.add(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return [...out];
}

function expectPageCsp(r: TestResponse, what: string) {
  expectCommonHeaders(r, what);
  expect(r.headers['content-type'], what).toContain('text/html');
  const csp = String(r.headers['content-security-policy']);
  const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
  const hashes = inlineScriptHashes(r.body);
  expect(hashes.length, `${what} has inline scripts to allow`).toBeGreaterThan(0);
  expect(scriptSrc.sort(), what).toEqual(["'self'", ...hashes].sort());
  for (const d of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "connect-src 'self'"])
    expect(csp, what).toContain(d);
  expect(csp, what).not.toMatch(/script-src[^;]*unsafe/);
  expect(r.body, `${what}: no inline event handlers`).not.toMatch(/<[^>]+\son[a-z]+=/i);
}

describe('security headers', () => {
  it('a prerendered page (plain and precompressed) carries the CSP of its own inline scripts', async () => {
    expectPageCsp(await request(raw('/', 'sv')), 'sv home');
    expectPageCsp(await request(raw('/', 'fi')), 'fi home');
    const br = await request(raw('/', 'da'), { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-security-policy']).toBe((await request(raw('/', 'da'))).headers['content-security-policy']);
    expectCommonHeaders(br, 'br home');
  });

  it('on-demand pages carry the CSP of the HTML they were rendered with', async () => {
    for (const [locale, path] of [
      ['sv', '/my-account'],
      ['nl', '/checkout'],
      ['no', '/track-order'],
    ] as const) {
      const r = await request(raw(path, locale));
      expect(r.status, path).toBeLessThan(500);
      expectPageCsp(r, `${locale} ${path}`);
    }
  });

  it('the 404 page is a page with its CSP', async () => {
    const r = await request(raw('/no/such/page', 'sv'));
    expect(r.status).toBe(404);
    expectPageCsp(r, '404');
  });

  it('API answers, assets, redirects and plain errors get the common headers and a CSP allowing nothing', async () => {
    const answers: [string, TestResponse][] = [
      ['api', await request(api('/api/strings', 'sv'))],
      ['api error', await request(api('/api/strings', 'sv').replace('sid=1', 'sid=999'))],
      ['asset', await request(raw('/logos/sv.svg', 'sv'))],
      ['redirect', await request(raw('/my-account/orders/return', 'sv'))],
      ['unknown host', await request(`http://evil.example:${new URL(raw('/')).port}/`)],
    ];
    expect(answers[0]![1].status).toBe(200);
    expect(answers[0]![1].headers['content-type']).toContain('application/json');
    expect(answers[1]![1].status).toBeGreaterThanOrEqual(400);
    expect(answers[2]![1].status).toBe(200);
    expect(answers[3]![1].status).toBe(303);
    expect(answers[4]![1].status).toBe(421);
    for (const [what, r] of answers) {
      expectCommonHeaders(r, what);
      expect(r.headers['content-security-policy'], what).toContain("default-src 'none'");
    }
  });

  it('a client claiming https through X-Forwarded-Proto gets no HSTS from an untrusted connection', async () => {
    const r = await request(raw('/', 'sv'), { headers: { 'x-forwarded-proto': 'https' } });
    expect(r.status).toBe(200);
    expect(r.headers['strict-transport-security']).toBeUndefined();
  });
});
