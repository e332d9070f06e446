/**
 * Sorts listing positions (docs/adr/0032-listing-columns.md): by name (ascending positions) and by price, ties by
 * position (the name order) — what `name`, `price-asc` and `price-desc` ask. A comparator sort of a few hundred
 * thousand positions takes hundreds of milliseconds; these take linear passes. Pure.
 */

/**
 * Ascending, in place. A listing's matches are in the default order — ascending runs, one per stock rank — so they
 * are merged run by run (a natural merge sort: linear for a few runs, n log n at worst).
 */
export function sortAscending(positions: Int32Array): void {
  const n = positions.length;
  const starts: number[] = [0];
  for (let i = 1; i < n; i++) if (positions[i] < positions[i - 1]) starts.push(i);
  if (starts.length === 1) return;
  if (starts.length > 64) {
    positions.sort();
    return;
  }
  let from: Int32Array = positions;
  let to: Int32Array = new Int32Array(n);
  let runs = [...starts, n];
  while (runs.length > 2) {
    const merged: number[] = [0];
    for (let r = 0; r + 1 < runs.length; r += 2) {
      const [a, mid, end] = [runs[r], runs[r + 1], runs[r + 2] ?? runs[r + 1]];
      let i = a;
      let j = mid;
      let k = a;
      while (i < mid && j < end) to[k++] = from[i] <= from[j] ? from[i++] : from[j++];
      while (i < mid) to[k++] = from[i++];
      while (j < end) to[k++] = from[j++];
      merged.push(end);
    }
    if (merged[merged.length - 1] !== n) merged.push(n);
    runs = merged;
    [from, to] = [to, from];
  }
  if (from !== positions) positions.set(from);
}

/** Below this a comparator sort is as fast (the radix passes count into 65,536 buckets). */
const SMALL = 4096;
const BUCKETS = 0x10000;

function comparatorSort(positions: Int32Array, price: Float64Array, descending: boolean): void {
  if (descending) positions.sort((a, b) => price[b] - price[a] || a - b);
  else positions.sort((a, b) => price[a] - price[b] || a - b);
}

/**
 * The common case: every price a whole number of cents (what a price list holds). Then the cents order as the
 * prices do — a price is the double nearest its cents / 100, and that division never reverses an order — so
 * two 16-bit passes over 32-bit keys sort them, keys and positions moved together (sequential reads). False, and
 * nothing changed, when a price is not (or is beyond ±21 million).
 */
function sortByCents(positions: Int32Array, price: Float64Array, descending: boolean): boolean {
  const n = positions.length;
  let keys = new Uint32Array(n);
  const flip = descending ? 0xffffffff : 0;
  for (let i = 0; i < n; i++) {
    const v = price[positions[i]];
    const cents = Math.round(v * 100);
    if (!(cents / 100 === v && cents > -0x80000000 && cents < 0x80000000)) return false;
    keys[i] = (cents ^ 0x80000000 ^ flip) >>> 0; // signed → unsigned order (descending: inverted)
  }
  let from: Int32Array = positions;
  let to: Int32Array = new Int32Array(n);
  let toKeys = new Uint32Array(n);
  const count = new Int32Array(BUCKETS);
  for (const shift of [0, 16]) {
    count.fill(0);
    for (let i = 0; i < n; i++) count[(keys[i] >>> shift) & 0xffff]++;
    if (count[(keys[0] >>> shift) & 0xffff] === n) continue; // one digit for all: nothing to move
    for (let d = 0, sum = 0; d < BUCKETS; d++) {
      const c = count[d];
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const at = count[(keys[i] >>> shift) & 0xffff]++;
      to[at] = from[i];
      toKeys[at] = keys[i];
    }
    [from, to] = [to, from];
    [keys, toKeys] = [toKeys, keys];
  }
  if (from !== positions) positions.set(from);
  return true;
}

/**
 * By price, ties by position: the order of `(a, b) => price[a] - price[b] || a - b` (descending: price[b] - price[a]),
 * by a stable radix sort over the prices' bits after the positions are ascending. Any number works as the price
 * (positionOf in listing-columns.ts sorts by id with it).
 */
export function sortByPrice(positions: Int32Array, price: Float64Array, descending: boolean): void {
  const n = positions.length;
  if (n < SMALL) return comparatorSort(positions, price, descending);
  sortAscending(positions); // the tie-break first: the radix passes keep this order among equal prices
  if (sortByCents(positions, price, descending)) return;
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
  let from: Int32Array = new Int32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  let to: Int32Array = new Int32Array(n);
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
