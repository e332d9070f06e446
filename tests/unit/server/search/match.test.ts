import { describe, expect, it } from 'vitest';
import { assembleIndex } from '#server/search/index-builder.ts';
import { matchQuery } from '#server/search/match.ts';

const index = assembleIndex(
  'sv',
  'v1',
  [
    { id: 1, sku: 'BOS-000001', name: 'Filter till Bosch diskmaskin', brand: 'Bosch' },
    { id: 2, sku: 'ELE-000002', name: 'Pump till Electrolux tvättmaskin', brand: 'Electrolux' },
    { id: 3, sku: 'FIL-000003', name: 'Lock till Miele ugn', brand: 'Miele' },
    { id: 4, sku: 'BOS-000004', name: 'Filterkassett till Bosch fläkt', brand: 'Bosch' },
  ],
  [
    { product_id: 1, category_id: 10, main: 1, name: 'Filter' },
    { product_id: 2, category_id: 11, main: 1, name: 'Pumpar' },
    { product_id: 3, category_id: 12, main: 1, name: 'Lock' },
    { product_id: 4, category_id: 10, main: 1, name: 'Filter' },
  ],
  [{ id: 10, name: 'Filter', slug: 'filter', uri: '/kategori/filter', hierarchy: ['Filter'] }],
);

const ids = (q: string) => Array.from(matchQuery(index, q).docs).map((d) => index.ids[d]);

describe('search matching and ranking', () => {
  it('matches prefixes of any word in name, sku, brand and category', () => {
    expect(ids('pum')).toEqual([2]);
    expect(ids('electro')).toEqual([2]);
    expect(ids('000003')).toEqual([3]);
    expect(ids('fläk')).toEqual([4]);
    expect(ids('zzz')).toEqual([]);
  });
  it('requires every query word and ranks exact words and stronger fields first', () => {
    expect(ids('bosch filter')).toEqual([1, 4]); // 1: exact "filter" in name; 4: only the category is exact
    // "fil": sku token "fil" (product 3) is an exact sku word and outranks name prefixes
    expect(ids('fil')[0]).toBe(3);
  });
  it('scores are positive and non-increasing along the result order', () => {
    const m = matchQuery(index, 'fil');
    const scores = Array.from(m.scores);
    expect(scores).toHaveLength(m.docs.length);
    expect(scores.every((s, i) => s > 0 && (i === 0 || s <= scores[i - 1]))).toBe(true);
  });
});
