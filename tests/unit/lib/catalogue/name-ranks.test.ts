import { describe, expect, it } from 'vitest';
import { rankNames, rankNamesPausing } from '#lib/catalogue/name-ranks.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

/** The ranks of one comparator sort: the collation, ties by index. */
function expected(names: string[], locale: string): number[] {
  const collator = new Intl.Collator(locale);
  const order = names.map((_, i) => i).sort((a, b) => collator.compare(names[a], names[b]) || a - b);
  const rank: number[] = [];
  order.forEach((idx, r) => (rank[idx] = r));
  return rank;
}

describe('rankNamesPausing', () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const words = ['Ångfilter', 'ångfilter', 'Avkalkning', 'Zon', 'Ölkyl', 'Ärm', 'aa', 'Filter', 'filter ', 'Ø-ring', 'Æble'];
  const names = (n: number, sorted = false) => {
    const xs = Array.from({ length: n }, () => `${words[Math.floor(random() * words.length)]} ${Math.floor(random() * 50)}`);
    return sorted ? xs.sort(new Intl.Collator('sv').compare) : xs;
  };

  for (const [n, sorted] of [
    [0, false],
    [7, false],
    [5000, false],
    [5000, true],
  ] as const)
    it(`ranks ${n} ${sorted ? 'sorted ' : ''}names as one sort does (collation, ties by index), pausing on the way`, async () => {
      for (const locale of ['sv', 'da']) {
        const xs = names(n, sorted);
        let pauses = 0;
        const ranks = await rankNamesPausing(xs, locale, async () => void pauses++, 1000);
        expect(Array.from(ranks)).toEqual(expected(xs, locale));
        if (n === 5000 && !sorted) expect(pauses).toBeGreaterThan(10);
      }
    });
});

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

describe('rankNames', () => {
  it('ranks as one collator sort does, in every storefront language (case, Nordic letters, digits, equal spellings)', () => {
    for (const locale of LOCALE_CODES) {
      for (const seed of [1, 7, 42]) {
        const list = names(3000, seed);
        expect(Array.from(rankNames(list, locale))).toEqual(expected(list, locale));
      }
    }
  });

  it('orders equal names by position and handles none', () => {
    expect(Array.from(rankNames(['b', 'a', 'b', 'a'], 'sv'))).toEqual([2, 0, 3, 1]);
    expect(Array.from(rankNames([], 'sv'))).toEqual([]);
  });
});
