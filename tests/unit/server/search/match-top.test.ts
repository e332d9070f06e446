import { describe, expect, it } from 'vitest';
import { assembleIndex } from '#server/search/index-builder.ts';
import { matchQuery, selectSmallest } from '#server/search/match.ts';

describe('only the best matches in order', () => {
  it('selectSmallest moves exactly the k smallest keys to the front', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0), seed / 2 ** 32);
    for (const n of [1, 2, 3, 10, 100, 1000]) {
      const all = Array.from(new Set(Array.from({ length: n }, () => Math.floor(random() * 1e9))));
      for (const k of [0, 1, 2, Math.floor(all.length / 2), all.length - 1, all.length]) {
        const keys = Float64Array.from(all);
        selectSmallest(keys, k);
        const sorted = [...all].sort((a, b) => a - b);
        expect([...keys.subarray(0, k)].sort((a, b) => a - b)).toEqual(sorted.slice(0, k));
        expect([...keys].sort((a, b) => a - b)).toEqual(sorted);
      }
    }
  });

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
