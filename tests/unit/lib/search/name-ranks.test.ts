/**
 * nameRanks (src/lib/search/name-ranks.ts) gives exactly rankNames' ranks (the listing's collation order, ties by
 * position): names with case, Nordic letters, digits, separators, duplicates and canonically equal spellings.
 */
import { describe, expect, it } from 'vitest';
import { nameRanks } from '#lib/search/name-ranks.ts';
import { rankNames } from '#server/catalogue/listing-source.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

/** Deterministic names from a small alphabet that collations order differently from code units. */
function names(n: number, seed: number): string[] {
  const pieces = [
    'Filter',
    'filter',
    'Ålfilter',
    'Äpple',
    'Öl',
    'Ø-ring',
    'æble',
    'Zon',
    'aa',
    'Aab',
    'e\u0301t',
    'ét',
    'Ét',
    ' ',
    '-',
    '2',
    '10',
    'ST796X',
    'st796x',
    'ü',
    'y',
    'ij',
    'Ij',
  ];
  let s = seed;
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) % pieces.length;
  return Array.from({ length: n }, () => Array.from({ length: 1 + (next() % 4) }, () => pieces[next()]!).join(next() % 2 ? ' ' : ''));
}

describe('nameRanks', () => {
  it('ranks as rankNames does in every storefront language', () => {
    for (const locale of LOCALE_CODES) {
      for (const seed of [1, 7, 42]) {
        const list = names(3000, seed);
        expect(nameRanks(list, locale)).toEqual(rankNames(list, locale));
      }
    }
  });

  it('orders equal names by position and handles none', () => {
    expect(nameRanks(['b', 'a', 'b', 'a'], 'sv')).toEqual([2, 0, 3, 1]);
    expect(nameRanks([], 'sv')).toEqual([]);
  });
});
