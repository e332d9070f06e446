import { describe, expect, it } from 'vitest';
import { externalHref, formatLinkRef, parseLinkRef, takeInTurns } from '#lib/content/studio-link-refs.ts';

describe('studio link refs', () => {
  it('formats and parses refs of every kind, a page slug with slashes and colons included', () => {
    expect(formatLinkRef('product', 'AB-12')).toBe('product:AB-12');
    expect(parseLinkRef('product:AB-12')).toEqual({ kind: 'product', id: 'AB-12' });
    expect(parseLinkRef('category:17')).toEqual({ kind: 'category', id: '17' });
    expect(parseLinkRef('brand:bosch')).toEqual({ kind: 'brand', id: 'bosch' });
    expect(parseLinkRef('page:help/returns')).toEqual({ kind: 'page', id: 'help/returns' });
    expect(parseLinkRef('page:a:b')).toEqual({ kind: 'page', id: 'a:b' });
  });

  it('refuses malformed refs', () => {
    for (const bad of ['', 'product', 'product:', ':x', 'order:1', 'page:a b', 'page:"x"', `page:${'x'.repeat(201)}`])
      expect(parseLinkRef(bad), bad).toBeUndefined();
  });

  it('takes the kinds in turns up to the limit', () => {
    expect(takeInTurns([['p1', 'p2'], ['c1'], [], ['x1', 'x2', 'x3']], 5)).toEqual(['p1', 'c1', 'x1', 'p2', 'x2']);
    expect(takeInTurns([['a'], ['b']], 10)).toEqual(['a', 'b']);
    expect(takeInTurns([[], []], 3)).toEqual([]);
    expect(takeInTurns([['a', 'b']], 0)).toEqual([]);
  });
});

describe('external link addresses', () => {
  it('keeps web, e-mail and phone addresses and reads a bare domain as https', () => {
    expect(externalHref(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(externalHref('example.com/x')).toBe('https://example.com/x');
    expect(externalHref('mailto:kund@example.se')).toBe('mailto:kund@example.se');
    expect(externalHref('tel:+46701234567')).toBe('tel:+46701234567');
  });

  it('refuses script, data and other schemes, and words that are no address', () => {
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'ftp://example.com', 'hello', '', 'https://']) {
      expect(externalHref(bad), bad).toBeUndefined();
    }
  });
});
