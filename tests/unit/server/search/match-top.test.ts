import { describe, expect, it } from 'vitest';
import { assembleIndex } from '#server/search/index-builder.ts';
import { matchQuery } from '#server/search/match.ts';

describe('only the best matches in order', () => {
  it('gives the same first matches with `top` as without, the same total, and visits every match', () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      sku: `STI-${String(i).padStart(6, '0')}`,
      name: `${i % 3 ? 'Filter' : 'Filterpåse'} till dammsugare ST${700 + (i % 50)}X`,
      brand: i % 2 ? 'Stiga' : 'Electrolux',
    }));
    const index = assembleIndex('sv', 'v', rows, [], []);
    for (const q of ['fil', 'filter stiga', 'st7', '000', 'dammsugare']) {
      const all = matchQuery(index, q);
      expect(all.docs.length).toBeGreaterThan(24);
      for (const top of [0, 1, 24]) {
        const some = matchQuery(index, q, top);
        expect(Array.from(some.docs.subarray(0, top))).toEqual(Array.from(all.docs.subarray(0, top)));
        expect(Array.from(some.scores.subarray(0, top))).toEqual(Array.from(all.scores.subarray(0, top)));
        expect(some.docs.length).toBe(top);
        expect(some.total).toBe(all.docs.length);
        expect(all.total).toBe(all.docs.length);
        // every match is visited, once
        let seen: number[] = [];
        matchQuery(index, q, top, (docs) => (seen = Array.from(docs)));
        expect(seen.sort((a, b) => a - b)).toEqual([...all.docs].sort((a, b) => a - b));
      }
    }
  });
});

describe('matches from reused buffers', () => {
  it('answers a query the same after other queries (large and small) ran in between, on two indexes', () => {
    const rows = (n: number, word: string) =>
      Array.from({ length: n }, (_, i) => ({
        id: i + 1,
        sku: `X-${i}`,
        name: `${word} ${i % 7 ? 'till' : 'för'} ST${i % 90}`,
        brand: 'B',
      }));
    const small = assembleIndex('sv', 'a', rows(50, 'Filterpåse'), [], []);
    const large = assembleIndex('sv', 'b', rows(2000, 'Dammsugarfilter'), [], []);
    const queries = ['till', 'filter', 'dammsugarfilter till', 'st1', 'fi ti', 'damm'];
    const first = queries.map((q) => [matchQuery(small, q, 5), matchQuery(large, q, 5), matchQuery(large, q)]);
    for (let round = 0; round < 3; round++)
      queries.forEach((q, i) => {
        expect(matchQuery(large, q)).toEqual(first[i][2]);
        expect(matchQuery(small, q, 5)).toEqual(first[i][0]);
        expect(matchQuery(large, q, 5)).toEqual(first[i][1]);
      });
  });
});
