/**
 * Sorts listing positions by price, ties by position (the name order): what `price-asc`/`price-desc` ask
 * (docs/adr/0032-listing-columns.md). A comparator sort of a few hundred thousand positions takes hundreds of
 * milliseconds; this is a stable radix sort over the prices' bits after a native sort of the positions, in
 * linear passes. The same order as `(a, b) => price[a] - price[b] || a - b` (descending: price[b] - price[a]). Pure.
 */

/** Below this a comparator sort is as fast (the radix passes count into 65,536 buckets). */
const SMALL = 4096;
const BUCKETS = 0x10000;

function comparatorSort(positions: Int32Array, price: Float64Array, descending: boolean): void {
  if (descending) positions.sort((a, b) => price[b] - price[a] || a - b);
  else positions.sort((a, b) => price[a] - price[b] || a - b);
}

export function sortByPrice(positions: Int32Array, price: Float64Array, descending: boolean): void {
  const n = positions.length;
  if (n < SMALL) return comparatorSort(positions, price, descending);
  positions.sort(); // the tie-break first: the radix passes keep this order among equal prices
  // Each price as an unsigned 64-bit key in two 32-bit words (little-endian: low, high) that orders as the number.
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = price[positions[i]];
    if (v !== v) return comparatorSort(positions, price, descending); // NaN: no order to reproduce but the comparator's
    keys[i] = v === 0 ? 0 : v; // -0 equals 0 for the comparator
  }
  const words = new Uint32Array(keys.buffer);
  const flip = descending ? 0xffffffff : 0;
  for (let i = 0; i < 2 * n; i += 2) {
    const negative = words[i + 1] >>> 31;
    // negative numbers: every bit inverted; others: the sign bit set
    words[i] = (negative ? ~words[i] : words[i]) ^ flip;
    words[i + 1] = (negative ? ~words[i + 1] : words[i + 1] | 0x80000000) ^ flip;
  }
  let from = new Int32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  let to = new Int32Array(n);
  const count = new Int32Array(BUCKETS);
  for (const [word, shift] of [
    [0, 0],
    [0, 16],
    [1, 0],
    [1, 16],
  ]) {
    count.fill(0);
    for (let i = 0; i < n; i++) count[(words[2 * from[i] + word] >>> shift) & 0xffff]++;
    if (count[(words[word] >>> shift) & 0xffff] === n) continue; // one digit for all: nothing to move
    for (let d = 0, sum = 0; d < BUCKETS; d++) {
      const c = count[d];
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) to[count[(words[2 * from[i] + word] >>> shift) & 0xffff]++] = from[i];
    [from, to] = [to, from];
  }
  const sorted = to; // reused: the positions in their final order
  for (let i = 0; i < n; i++) sorted[i] = positions[from[i]];
  positions.set(sorted);
}
