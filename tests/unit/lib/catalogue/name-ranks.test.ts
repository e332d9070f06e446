import { describe, expect, it } from 'vitest';
import { rankNamesPausing } from '#lib/catalogue/name-ranks.ts';

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
