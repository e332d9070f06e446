/**
 * Finding the part sold now from any number a shopper has in hand (docs/product/parts-finder.md#part-numbers): an
 * OEM number, another maker's cross-reference, an old number a part replaces, or the sku of a superseded product.
 * Pure: the search (src/server/search/part-number-index.ts) builds one lookup per catalogue version and asks it
 * before the text ranking. Numbers are kept as comparable forms (normalizeNumber), sorted and packed into typed arrays
 * with their columns, so 50,000 products' numbers cost a few MB and a lookup is a binary search.
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
  /** How many numbers. */
  size: number;
  /**
   * Comparable forms, sorted, packed: entry i is `chars[starts[i]..starts[i + 1])` (UTF-16 code units, compared as
   * strings compare) and belongs to product[i]. Packed rather than 1.65 million strings at 1,000,000 products: the
   * heap the garbage collector walks keeps none of them (docs/product/performance.md#issue-27s-goal-rows-at-1m).
   */
  chars: Uint16Array;
  starts: Int32Array;
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
  private size = 0;
  private chars = new Uint16Array(8192);
  private used = 0;
  private starts = new Int32Array(1025);
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
    const i = this.size;
    if (i === this.product.length) {
      this.product = grown(this.product, (n) => new Int32Array(n));
      this.kind = grown(this.kind, (n) => new Uint8Array(n));
      this.maker = grown(this.maker, (n) => new Int16Array(n));
      this.starts = grown(this.starts, (n) => new Int32Array(n));
    }
    while (this.used + key.length > this.chars.length) this.chars = grown(this.chars, (n) => new Uint16Array(n));
    for (let c = 0; c < key.length; c++) this.chars[this.used + c] = key.charCodeAt(c);
    this.starts[i] = this.used;
    this.used += key.length;
    this.starts[i + 1] = this.used;
    this.size++;
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
    const { size: n, chars, starts, product } = this;
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => compareEntries(chars, starts, a, b) || product[a]! - product[b]! || a - b);
    const printed = new Map<number, string>();
    const sorted = {
      size: n,
      chars: new Uint16Array(this.used),
      starts: new Int32Array(n + 1),
      product: new Int32Array(n),
      kind: new Uint8Array(n),
      maker: new Int16Array(n),
    };
    let at = 0;
    for (let r = 0; r < n; r++) {
      const i = order[r]!;
      sorted.starts[r] = at;
      sorted.chars.set(chars.subarray(starts[i], starts[i + 1]), at);
      at += starts[i + 1]! - starts[i]!;
      sorted.product[r] = product[i]!;
      sorted.kind[r] = this.kind[i]!;
      sorted.maker[r] = this.maker[i]!;
      const p = this.printed.get(i);
      if (p !== undefined) printed.set(r, p);
    }
    sorted.starts[n] = at;
    return { ...sorted, makers: this.makers, printed, replacedBy: new Map(replacedBy) };
  }
}

/** A typed array twice as long with the same start. */
function grown<T extends Int32Array | Uint8Array | Int16Array | Uint16Array>(a: T, make: (n: number) => T): T {
  const b = make(a.length * 2);
  b.set(a);
  return b;
}

/** Entries a and b compared as their strings compare (code unit by code unit, a prefix first). */
function compareEntries(chars: Uint16Array, starts: Int32Array, a: number, b: number): number {
  const sa = starts[a]!;
  const la = starts[a + 1]! - sa;
  const sb = starts[b]!;
  const lb = starts[b + 1]! - sb;
  for (let k = 0, m = Math.min(la, lb); k < m; k++) {
    const d = chars[sa + k]! - chars[sb + k]!;
    if (d !== 0) return d;
  }
  return la - lb;
}

/** Entry i compared with `key` as strings compare: negative when the entry comes first. */
function compareWith(lookup: NumberLookup, i: number, key: string): number {
  const s = lookup.starts[i]!;
  const l = lookup.starts[i + 1]! - s;
  for (let k = 0, m = Math.min(l, key.length); k < m; k++) {
    const d = lookup.chars[s + k]! - key.charCodeAt(k);
    if (d !== 0) return d;
  }
  return l - key.length;
}

/** Whether entry i begins with `key`. */
function entryStartsWith(lookup: NumberLookup, i: number, key: string): boolean {
  const s = lookup.starts[i]!;
  if (lookup.starts[i + 1]! - s < key.length) return false;
  for (let k = 0; k < key.length; k++) if (lookup.chars[s + k] !== key.charCodeAt(k)) return false;
  return true;
}

/** The comparable form of entry i. */
export function numberKey(lookup: NumberLookup, i: number): string {
  return String.fromCharCode(...lookup.chars.subarray(lookup.starts[i], lookup.starts[i + 1]));
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

function lowerBound(lookup: NumberLookup, key: string): number {
  let lo = 0;
  let hi = lookup.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareWith(lookup, mid, key) < 0) lo = mid + 1;
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
  const from = lowerBound(lookup, key);
  const exact: number[] = [];
  for (let i = from; i < lookup.size && compareWith(lookup, i, key) === 0; i++) exact.push(i);
  if (exact.length > 0 || key.length < MIN_NUMBER_PREFIX) return { entries: exact, exact: true };
  const prefix: number[] = [];
  for (let i = from; i < lookup.size && entryStartsWith(lookup, i, key); i++) {
    if (prefix.length === MAX_PREFIX_NUMBERS) return { entries: [], exact: false };
    prefix.push(i);
  }
  return { entries: prefix, exact: false };
}

const matchedOf = (lookup: NumberLookup, i: number): MatchedNumber => ({
  kind: KINDS[lookup.kind[i]],
  number: lookup.printed.get(i) ?? numberKey(lookup, i),
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
