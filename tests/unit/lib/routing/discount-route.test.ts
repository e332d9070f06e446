import { describe, expect, it } from 'vitest';
import { discountRedirect } from '#lib/routing/discount-route.ts';

describe('query-driven behaviour', () => {
  it('redirects the discount route to a known category or home, keeping query params', () => {
    const cats = [{ slug: 'filter', uri: '/kategori/dammsugare/filter' }];
    expect(discountRedirect('SAVE10', 'filter', cats, '?utm_source=a', '/')).toBe('/kategori/dammsugare/filter?utm_source=a&disc=SAVE10');
    expect(discountRedirect('SAVE10', 'nope', cats, '', '/')).toBe('/?disc=SAVE10');
    expect(discountRedirect('SAVE10', undefined, cats, '?disc=old', '/')).toBe('/?disc=SAVE10');
    expect(discountRedirect('ab', undefined, cats, '', '/')).toBeUndefined();
  });
});
