/**
 * Every position of a storefront's listing columns in price order, ties by position — the order `price-asc` asks
 * (docs/adr/0032-listing-columns.md#price-order). Sorting a large listing's matches by price took 40–80 ms at
 * 1,000,000 products (a category of 350,000); walking this order and keeping the marked matches takes a few. Made on
 * first use, kept per columns, and moved in place when a price changes (setFacts), so it never needs a rebuild. Pure.
 */
import { sortByPrice } from './sort-positions.ts';

/** What the order needs of the listing columns (listing-columns.ts imports this module: no type import back). */
interface PricedColumns {
  size: number;
  price: Float64Array;
}

const orders = new WeakMap<PricedColumns, Int32Array>();

/** The columns' positions by price (ties by position), made on first use. */
export function priceOrder(c: PricedColumns): Int32Array {
  let order = orders.get(c);
  if (!order) {
    order = new Int32Array(c.size);
    for (let p = 0; p < c.size; p++) order[p] = p;
    sortByPrice(order, c.price, false);
    orders.set(c, order);
  }
  return order;
}

/** Whether (price a, position p) comes before (price b, position q), as the comparator orders them. */
const before = (a: number, p: number, b: number, q: number) => a < b || (a === b && p < q);

/** The first index in `order` whose (price, position) is not before (price, p). */
function lowerBound(order: Int32Array, price: Float64Array, value: number, p: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const q = order[mid];
    if (before(price[q], q, value, p)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Sets a position's price, moving it in the price order when one was made (a shift of the entries between). */
export function setPrice(c: PricedColumns, p: number, value: number): void {
  const order = orders.get(c);
  const old = c.price[p];
  if (!order || Object.is(old, value) || old !== old || value !== value) {
    c.price[p] = value;
    if (order && (old !== old || value !== value)) orders.delete(c); // NaN has no place: made again on next use
    return;
  }
  const from = lowerBound(order, c.price, old, p);
  c.price[p] = value;
  // where it goes among the others (its own entry still at `from`, skipped by comparing around it)
  let to = lowerBound(order, c.price, value, p);
  if (to > from) {
    to -= 1;
    order.copyWithin(from, from + 1, to + 1);
  } else if (to < from) order.copyWithin(to + 1, to, from);
  order[to] = p;
}

let marks = new Uint8Array(0);

/**
 * `positions` (any order) rearranged by price, ties by position — what sortByPrice gives — by walking the price
 * order and keeping the marked ones. Descending: the price order backwards, each run of equal prices kept ascending.
 * With `count` below their number only the first `count` are put in order (the walk stops there: a page 2 of a
 * 350,000-product listing meets its 96 within the first few hundred entries instead of walking all 1,000,000); the
 * others follow them in no particular order, and a later call on that rest continues where this one stopped.
 */
export function inPriceOrder(c: PricedColumns, positions: Int32Array, descending: boolean, count = positions.length): void {
  const order = priceOrder(c);
  if (marks.length < c.size) marks = new Uint8Array(c.size);
  const n = positions.length;
  const want = Math.min(count, n);
  for (let i = 0; i < n; i++) marks[positions[i]] = 1;
  // the whole set: written in place (the walk reads the order, never `positions`); a prefix: apart, then put first
  const head = want === n ? positions : new Int32Array(want);
  let k = 0;
  if (!descending) {
    for (let i = 0; i < order.length && k < want; i++) {
      const q = order[i];
      if (marks[q] === 1) {
        head[k++] = q;
        marks[q] = 0;
      }
    }
  } else {
    const { price } = c;
    for (let end = order.length; end > 0 && k < want;) {
      // a run of equal prices [start, end), kept in ascending positions
      let start = end - 1;
      const value = price[order[start]];
      while (start > 0 && price[order[start - 1]] === value) start--;
      for (let i = start; i < end && k < want; i++) {
        const q = order[i];
        if (marks[q] === 1) {
          head[k++] = q;
          marks[q] = 0;
        }
      }
      end = start;
    }
  }
  if (head === positions) return;
  // the rest (still marked) packed at the end, back to front: the write never passes the read
  let w = n - 1;
  for (let i = n - 1; i >= 0; i--) {
    const q = positions[i];
    if (marks[q] === 1) {
      marks[q] = 0;
      positions[w--] = q;
    }
  }
  positions.set(head, 0);
}
