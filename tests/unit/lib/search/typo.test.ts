import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allowedTypos, editDistance } from '#lib/search/typo.ts';

/** Plain full-matrix optimal-string-alignment distance: the reference the banded one must agree with. */
function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

describe('allowedTypos', () => {
  it('allows none below 5 letters, one from 5, two from 9, none in codes', () => {
    expect(allowedTypos('filt')).toBe(0);
    expect(allowedTypos('filtr')).toBe(1);
    expect(allowedTypos('dammsugr')).toBe(1);
    expect(allowedTypos('dammsugre')).toBe(2);
    expect(allowedTypos('st796x')).toBe(0);
    expect(allowedTypos('000174')).toBe(0);
    expect(allowedTypos('kylskåp')).toBe(1);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours once each', () => {
    expect(editDistance('filtr', 'filter', 2)).toBe(1);
    expect(editDistance('dammsugre', 'dammsugare', 2)).toBe(1);
    expect(editDistance('flitre', 'filter', 2)).toBe(2);
    expect(editDistance('fitler', 'filter', 1)).toBe(1);
    expect(editDistance('filter', 'filter', 0)).toBe(0);
  });

  it('answers max + 1 beyond the bound', () => {
    expect(editDistance('pump', 'filter', 2)).toBe(3);
    expect(editDistance('a', 'abcd', 1)).toBe(2);
  });

  it('agrees with the full matrix wherever the distance is within the bound', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 9 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        const exact = reference(a, b);
        expect(editDistance(a, b, max)).toBe(exact <= max ? exact : max + 1);
      }),
      { numRuns: 2000 },
    );
  });
});
