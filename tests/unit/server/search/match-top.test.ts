import { describe, expect, it } from 'vitest';
import { assembleIndex } from '#server/search/index-builder.ts';
import { matchQuery } from '#server/search/match.ts';

describe('only the best matches in order', () => {
  it('gives the same first matches with `top` as without, and every match', () => {
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
        expect([...some.docs].sort((a, b) => a - b)).toEqual([...all.docs].sort((a, b) => a - b));
      }
    }
  });
});
