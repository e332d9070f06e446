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

export function numberLookup(rows: readonly NumberRow[], replacedBy: ReadonlyMap<number, number>): NumberLookup {
  const entries = rows.map((r) => ({ ...r, key: normalizeNumber(r.number) })).filter((e) => e.key.length > 0);
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.productId - b.productId));
  const makers: string[] = [];
  const makerIndex = new Map<string, number>();
  const printed = new Map<number, string>();
  const maker = new Int16Array(entries.length);
  entries.forEach((e, i) => {
    if (e.number !== e.key) printed.set(i, e.number);
    if (e.maker === null) return void (maker[i] = -1);
    let m = makerIndex.get(e.maker);
    if (m === undefined) makerIndex.set(e.maker, (m = makers.push(e.maker) - 1));
    maker[i] = m;
  });
  return {
    keys: entries.map((e) => e.key),
    product: Int32Array.from(entries, (e) => e.productId),
    kind: Uint8Array.from(entries, (e) => KINDS.indexOf(e.kind)),
    maker,
    makers,
    printed,
    replacedBy: new Map(replacedBy),
  };
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
