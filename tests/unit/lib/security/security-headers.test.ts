import { describe, expect, it } from 'vitest';
import { commonSecurityHeaders, executableInlineScripts, htmlContentSecurityPolicy, NON_HTML_CSP } from '#lib/security/security-headers.ts';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k = '', ...v]) => [k, v]),
  );

describe('security header policy', () => {
  it('sends the same hardening headers on every answer, HSTS only over https', () => {
    const http = commonSecurityHeaders(false);
    expect(http).toEqual({
      'content-security-policy': NON_HTML_CSP,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': expect.stringContaining('camera=()'),
    });
    expect(http['permissions-policy']).toMatch(/microphone=\(\).*geolocation=\(\).*payment=\(self\)/);
    expect(commonSecurityHeaders(true)['strict-transport-security']).toBe('max-age=31536000');
  });

  it('gives non-HTML answers a CSP that allows nothing', () => {
    const d = directives(NON_HTML_CSP);
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('allows scripts from our origin and exactly the given hashes, never unsafe-inline', () => {
    const csp = htmlContentSecurityPolicy(["'sha256-abc='", "'sha256-def='"]);
    const d = directives(csp);
    expect(d.get('script-src')).toEqual(["'self'", "'sha256-abc='", "'sha256-def='"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d.get('img-src')).toEqual(["'self'", 'data:']);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('finds the inline scripts a browser runs, byte for byte, and skips data blocks and external files', () => {
    const html = [
      '<head><script>window.a = 1;</script>',
      '<script type="application/json" id="p">{"x":"</"}</script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script type="module" src="/_astro/x.js"></script>',
      "<SCRIPT TYPE='module'>\n  import('/b.js');\n</SCRIPT>",
      '<script data-src="x" type=text/javascript>b()</script >',
      '<script type="text/plain">not run</script></head>',
    ].join('');
    expect(executableInlineScripts(html)).toEqual(['window.a = 1;', "\n  import('/b.js');\n", 'b()']);
    expect(executableInlineScripts('<p>no scripts</p>')).toEqual([]);
  });

  it('hashes inline speculation rules too: script-src governs them (the hover prerender, BodyEnd.astro)', () => {
    const rules = '{"prerender":[{"source":"document","where":{"selector_matches":"a[data-prerender]"},"eagerness":"immediate"}]}';
    expect(executableInlineScripts(`<script type="speculationrules">${rules}</script>`)).toEqual([rules]);
  });
});
