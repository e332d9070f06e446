/**
 * Finding the part sold now from any number a shopper has in hand (docs/product/parts-finder.md#part-numbers): an
 * OEM number, another maker's cross-reference, an old number a part replaces, or the sku of a superseded product.
 * Pure: the search (src/server/search/part-number-index.ts) builds one lookup per catalogue version and asks it
 * before the text ranking. Numbers are kept as comparable forms (normalizeNumber) in one sorted array with parallel
 * typed arrays, so 50,000 products' numbers cost a few MB and a lookup is a binary search.
 */
import { normalizeNumber } from './model-number.ts';

/** `sku`: the sku of a product that has a successor (its own sku matches through the text index anyway). */
export type NumberKind = 'oem' | 'cross' | 'replaces' | 'sku';
const KINDS: readonly NumberKind[] = ['oem', 'cross', 'replaces', 'sku'];

export interface NumberRow {
  productId: number;
  kind: NumberKind;
  maker: string | null;
  /** As printed ("4812 360 58"). */
  number: string;
}

export interface NumberLookup {
  /** Comparable forms, sorted; entry i belongs to product[i]. */
  keys: string[];
  product: Int32Array;
  kind: Uint8Array;
  /** Index into makers; -1: none. */
  maker: Int16Array;
  makers: string[];
  /** As printed, only where it differs from the key (most demo numbers do not). */
  printed: Map<number, string>;
  /** Product id → the id replacing it. */
  replacedBy: Map<number, number>;
}

/** A typed number shorter than this never matches by prefix (too many numbers share 4 digits). */
export const MIN_NUMBER_PREFIX = 6;
/** A prefix finds at most this many numbers; more means the shopper has not typed enough yet. */
export const MAX_PREFIX_NUMBERS = 10;
/** An exact number needs this many characters and a digit: shorter ones are words or fragments. */
export const MIN_NUMBER_LENGTH = 4;

/**
 * Builds a lookup a row at a time (the server reads the numbers in chunks: at 1,000,000 products there are about 1.65
 * million, and holding them all as row objects first took about 1 GiB of heap): the comparable form and the columns
 * per number, sorted once at the end by (form, product, order added).
 */
export class NumberLookupBuilder {
  private keys: string[] = [];
  private product = new Int32Array(1024);
  private kind = new Uint8Array(1024);
  private maker = new Int16Array(1024);
  private makers: string[] = [];
  private makerIndex = new Map<string, number>();
  /** Added index → as printed, where it differs from the form. */
  private printed = new Map<number, string>();

  add(row: NumberRow): void {
    const key = normalizeNumber(row.number);
    if (key.length === 0) return;
    const i = this.keys.length;
    if (i === this.product.length) {
      const grow = <T extends Int32Array | Uint8Array | Int16Array>(a: T, make: (n: number) => T) => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.product = grow(this.product, (n) => new Int32Array(n));
      this.kind = grow(this.kind, (n) => new Uint8Array(n));
      this.maker = grow(this.maker, (n) => new Int16Array(n));
    }
    this.keys.push(key);
    this.product[i] = row.productId;
    this.kind[i] = KINDS.indexOf(row.kind);
    if (row.number !== key) this.printed.set(i, row.number);
    if (row.maker === null) this.maker[i] = -1;
    else {
      let m = this.makerIndex.get(row.maker);
      if (m === undefined) this.makerIndex.set(row.maker, (m = this.makers.push(row.maker) - 1));
      this.maker[i] = m;
    }
  }

  finish(replacedBy: ReadonlyMap<number, number>): NumberLookup {
    const { keys, product } = this;
    const n = keys.length;
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : product[a]! - product[b]! || a - b));
    const printed = new Map<number, string>();
    const sorted = {
      keys: new Array<string>(n),
      product: new Int32Array(n),
      kind: new Uint8Array(n),
      maker: new Int16Array(n),
    };
    for (let r = 0; r < n; r++) {
      const i = order[r]!;
      sorted.keys[r] = keys[i]!;
      sorted.product[r] = product[i]!;
      sorted.kind[r] = this.kind[i]!;
      sorted.maker[r] = this.maker[i]!;
      const p = this.printed.get(i);
      if (p !== undefined) printed.set(r, p);
    }
    return { ...sorted, makers: this.makers, printed, replacedBy: new Map(replacedBy) };
  }
}

export function numberLookup(rows: readonly NumberRow[], replacedBy: ReadonlyMap<number, number>): NumberLookup {
  const builder = new NumberLookupBuilder();
  for (const r of rows) builder.add(r);
  return builder.finish(replacedBy);
}

/**
 * The product at the end of id's supersession chain (id itself when not replaced). The import refuses cycles
 * (resolveSupersession, src/lib/catalogue/supersession.ts); should one slip in, the walk stops where it closes.
 */
export function currentProduct(id: number, replacedBy: ReadonlyMap<number, number>): number {
  const seen = new Set([id]);
  let at = id;
  for (let next = replacedBy.get(at); next !== undefined && !seen.has(next); next = replacedBy.get(at)) {
    seen.add(next);
    at = next;
  }
  return at;
}

export interface MatchedNumber {
  kind: NumberKind;
  number: string;
  maker: string | null;
}

export interface NumberHit {
  productId: number;
  /** The number the query matched, on this product or (kind `replaces`/`sku`) on a product this one replaces. */
  matched: MatchedNumber;
  /** The product whose number matched, when this hit is its successor. */
  replacesProduct: number | null;
  exact: boolean;
}

function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether a query can name a number at all (long enough, with a digit): any other finds none in any lookup. */
export function couldNameNumber(query: string): boolean {
  const key = normalizeNumber(query);
  return key.length >= MIN_NUMBER_LENGTH && /\d/.test(key);
}

/** The entries a query names: every exact match; without one, a prefix of ≥ MIN_NUMBER_PREFIX naming few numbers. */
export function findNumbers(lookup: NumberLookup, query: string): { entries: number[]; exact: boolean } {
  if (!couldNameNumber(query)) return { entries: [], exact: false };
  const key = normalizeNumber(query);
  const from = lowerBound(lookup.keys, key);
  const exact: number[] = [];
  for (let i = from; i < lookup.keys.length && lookup.keys[i] === key; i++) exact.push(i);
  if (exact.length > 0 || key.length < MIN_NUMBER_PREFIX) return { entries: exact, exact: true };
  const prefix: number[] = [];
  for (let i = from; i < lookup.keys.length && lookup.keys[i].startsWith(key); i++) {
    if (prefix.length === MAX_PREFIX_NUMBERS) return { entries: [], exact: false };
    prefix.push(i);
  }
  return { entries: prefix, exact: false };
}

const matchedOf = (lookup: NumberLookup, i: number): MatchedNumber => ({
  kind: KINDS[lookup.kind[i]],
  number: lookup.printed.get(i) ?? lookup.keys[i],
  maker: lookup.maker[i] < 0 ? null : lookup.makers[lookup.maker[i]],
});

/**
 * The products a number query finds, in order: per matched number the part sold now (the end of the supersession
 * chain) first, then the product the number belongs to when it has a successor but is still sold (`isSold`).
 * A product appears once, at its first place. `isSold(id)` false for a product outside the storefront drops it.
 */
export function numberHits(
  lookup: NumberLookup,
  query: string,
  isSold: (id: number) => boolean,
  inStore: (id: number) => boolean,
): NumberHit[] {
  const { entries, exact } = findNumbers(lookup, query);
  const out: NumberHit[] = [];
  const seen = new Set<number>();
  const push = (h: NumberHit) => {
    if (seen.has(h.productId) || !inStore(h.productId)) return;
    seen.add(h.productId);
    out.push(h);
  };
  for (const i of entries) {
    const owner = lookup.product[i];
    const matched = matchedOf(lookup, i);
    const current = currentProduct(owner, lookup.replacedBy);
    if (current === owner) {
      push({ productId: owner, matched, replacesProduct: null, exact });
      continue;
    }
    // the successor shows what it replaces: the old product's number (or sku) as an old number of its own
    push({ productId: current, matched: { ...matched, kind: 'replaces' }, replacesProduct: owner, exact });
    if (isSold(owner)) push({ productId: owner, matched, replacesProduct: null, exact });
  }
  return out;
}
