import { describe, expect, it } from 'vitest';
import { sortAscending, sortByPrice } from '#lib/catalogue/sort-positions.ts';

/** Prices with many ties, negatives and -0 (whole cents; `odd`: also 1e9 and thirds); positions in no order. */
function sample(n: number, seed: number, odd: boolean) {
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const choices = [0, -0, 100, 99.99, 100.01, -5, -5.5, 0.01, 12.5, 21474836.47, -21474836.47, ...(odd ? [1e9, 1 / 3, -2 / 3] : [])];
  const price = Float64Array.from({ length: n * 2 }, () =>
    random() < 0.5 ? choices[Math.floor(random() * choices.length)] : Math.round(random() * 1e6) / 100,
  );
  const positions = Int32Array.from({ length: n }, () => Math.floor(random() * n * 2));
  return { price, positions };
}

describe('sortByPrice', () => {
  for (const n of [10, 5000, 20000])
    for (const odd of [false, true])
      it(`orders ${n} positions as the comparator (price, then position), ascending and descending${odd ? ', prices not in cents' : ''}`, () => {
        const { price, positions } = sample(n, n, odd);
        for (const descending of [false, true]) {
          const expected = Array.from(positions).sort(
            descending ? (a, b) => price[b] - price[a] || a - b : (a, b) => price[a] - price[b] || a - b,
          );
          const got = positions.slice();
          sortByPrice(got, price, descending);
          expect(Array.from(got)).toEqual(expected);
        }
      });
});

describe('sortAscending', () => {
  it('sorts runs (a listing in the default order: one ascending run per stock rank) and anything else', () => {
    const runs = (...lengths: number[]) => Int32Array.from(lengths.flatMap((n, r) => Array.from({ length: n }, (_, i) => i * (r + 2) + r)));
    const random = Int32Array.from({ length: 5000 }, (_, i) => (i * 7919) % 5003);
    for (const xs of [
      runs(10),
      runs(5, 3),
      runs(100, 1, 40),
      runs(3, 3, 3, 3, 3),
      runs(...Array.from({ length: 70 }, () => 2)),
      random,
      new Int32Array(0),
    ]) {
      const got = xs.slice();
      sortAscending(got);
      expect(Array.from(got)).toEqual(Array.from(xs).sort((a, b) => a - b));
    }
  });
});
