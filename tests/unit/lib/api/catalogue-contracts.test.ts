import { describe, expect, it } from 'vitest';
import { productsQuerySchema } from '#lib/api/catalogue-contracts.ts';

describe('request schemas', () => {
  it('products: query longer than 1 trimmed character, flags and bounded paging', () => {
    expect(productsQuerySchema.parse({ query: ' ab ', nc: 'true', co: '0', limit: '10', page: '2' })).toEqual({
      query: 'ab',
      nc: true,
      co: false,
      limit: 10,
      page: 2,
    });
    for (const bad of [
      { query: ' a ' },
      { query: 'ab', limit: '1000' },
      { query: 'ab', offset: '-1' },
      { query: 'ab', nc: 'yes' },
      { query: 'ab', limit: 'NaN' },
    ]) {
      expect(productsQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
