import { describe, expect, it } from 'vitest';
import {
  compareTerm,
  indexOfTerm,
  lowerBoundTerm,
  packTerms,
  termAt,
  termCount,
  termStartsWith,
  termTextBytes,
} from '#server/search/term-table.ts';
import { packPostings, takeTerm } from '#server/search/postings.ts';

describe('packed terms', () => {
  const sorted = ['0174', '796x', 'damm', 'dammsug', 'filt', 'påse', 'ø'].sort();
  const table = packTerms(sorted);

  it('gives every term back and finds terms and prefixes in the order of JavaScript strings', () => {
    expect(termCount(table)).toBe(sorted.length);
    expect(sorted.map((_, i) => termAt(table, i))).toEqual(sorted);
    expect(lowerBoundTerm(table, 'damm')).toBe(sorted.indexOf('damm'));
    expect(lowerBoundTerm(table, 'dammz')).toBe(sorted.indexOf('filt'));
    expect(lowerBoundTerm(table, 'zzz')).toBe(sorted.indexOf('ø'));
    expect(lowerBoundTerm(table, '\uffff')).toBe(sorted.length);
    expect(indexOfTerm(table, 'påse')).toBe(sorted.indexOf('påse'));
    expect(indexOfTerm(table, 'dam')).toBe(-1);
    expect(termStartsWith(table, sorted.indexOf('dammsug'), 'damm')).toBe(true);
    expect(termStartsWith(table, sorted.indexOf('damm'), 'dammsug')).toBe(false);
    for (let i = 0; i < sorted.length; i++)
      for (const s of sorted) expect(Math.sign(compareTerm(table, i, s))).toBe(sorted[i] < s ? -1 : sorted[i] > s ? 1 : 0);
  });

  it('stores Latin-1 text one byte a character, other text as UTF-16', () => {
    expect(termTextBytes(table)).toMatchObject({ encoding: 'latin1' });
    expect(termTextBytes(table).bytes.length).toBe(table.text.length);
    expect(termTextBytes(packTerms(['ab', 'ŋ'])).encoding).toBe('utf16le');
  });
});

describe('packed postings', () => {
  it('give every document with its weight back, ascending, whatever the gaps', () => {
    const lists = [
      [
        [0, 4],
        [1, 3],
        [200, 0.8],
        [1_999_999, 4],
      ],
      [],
      [[70_000, 1]],
    ] as const;
    const weights = Float32Array.from([0.8, 1, 3, 4].map(Math.fround));
    const p = packPostings(packTerms(['a', 'b', 'c']), 3, weights, (i, emit) => lists[i].forEach(([d, w]) => emit(d, w)));
    for (let t = 0; t < 3; t++) {
      const got: [number, number][] = [];
      takeTerm(p, t, 1, 0, (d, w) => got.push([d, w]));
      expect(got).toEqual(lists[t].map(([d, w]) => [d, Math.fround(w)]));
    }
    const scaled: number[] = [];
    takeTerm(p, 2, 0.5, 2, (_, w) => scaled.push(w));
    expect(scaled).toEqual([2.5]);
  });
});
