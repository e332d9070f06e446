import { describe, expect, it } from 'vitest';
import { inPriceOrder, priceOrder, setPrice } from '#lib/catalogue/price-order.ts';

/** Columns with many equal prices, -0 and negatives; a subset of positions in no order. */
function sample(size: number, seed: number) {
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const choices = [0, -0, 100, 99.99, 100.01, -5, 12.5, 1 / 3];
  const price = Float64Array.from({ length: size }, () =>
    random() < 0.5 ? choices[Math.floor(random() * choices.length)] : Math.round(random() * 1e5) / 100,
  );
  const subset = () => Int32Array.from(new Set(Array.from({ length: Math.floor(size / 2) }, () => Math.floor(random() * size))));
  return { columns: { size, price }, subset, random };
}

const comparator = (price: Float64Array, descending: boolean) =>
  descending ? (a: number, b: number) => price[b] - price[a] || a - b : (a: number, b: number) => price[a] - price[b] || a - b;

describe('price order', () => {
  it('orders a subset as the comparator (price, then position), ascending and descending', () => {
    const { columns, subset } = sample(3000, 7);
    for (const descending of [false, true]) {
      const positions = subset();
      const expected = Array.from(positions).sort(comparator(columns.price, descending));
      inPriceOrder(columns, positions, descending);
      expect(Array.from(positions)).toEqual(expected);
    }
  });

  it('puts only the first `count` in order when asked, keeps the rest as a set, and goes on from there', () => {
    const { columns, subset } = sample(3000, 5);
    for (const descending of [false, true]) {
      const positions = subset();
      const expected = Array.from(positions).sort(comparator(columns.price, descending));
      const set = Array.from(positions).sort((a, b) => a - b);
      inPriceOrder(columns, positions, descending, 37);
      expect(Array.from(positions.subarray(0, 37))).toEqual(expected.slice(0, 37));
      expect(Array.from(positions).sort((a, b) => a - b)).toEqual(set);
      // the rest, continued in two steps, completes the order
      inPriceOrder(columns, positions.subarray(37), descending, 500);
      inPriceOrder(columns, positions.subarray(537), descending);
      expect(Array.from(positions)).toEqual(expected);
    }
  });

  it('stays in order as prices change in place (up, down, to an equal price, to -0)', () => {
    const { columns, subset, random } = sample(2000, 11);
    priceOrder(columns);
    for (let change = 0; change < 400; change++) {
      const p = Math.floor(random() * columns.size);
      const to =
        change % 4 === 0 ? columns.price[Math.floor(random() * columns.size)] : change % 7 === 0 ? -0 : Math.round(random() * 1e5) / 100;
      setPrice(columns, p, to);
      expect(columns.price[p]).toBe(to);
    }
    const whole = Array.from(priceOrder(columns));
    expect(whole).toEqual(Array.from({ length: columns.size }, (_, i) => i).sort(comparator(columns.price, false)));
    const positions = subset();
    const expected = Array.from(positions).sort(comparator(columns.price, true));
    inPriceOrder(columns, positions, true);
    expect(Array.from(positions)).toEqual(expected);
  });

  it('sets a price before any order was made, and leaves nothing marked between calls', () => {
    const { columns } = sample(50, 3);
    setPrice(columns, 4, 1);
    expect(columns.price[4]).toBe(1);
    const all = Int32Array.from({ length: 50 }, (_, i) => i);
    inPriceOrder(columns, all, false);
    const none = new Int32Array(0);
    inPriceOrder(columns, none, false);
    const one = Int32Array.of(4);
    inPriceOrder(columns, one, true);
    expect(Array.from(one)).toEqual([4]);
  });
});
