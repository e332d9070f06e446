/**
 * Builds a storefront's listing columns and lists product by product (docs/adr/0032-listing-columns.md): the
 * loader streams rows in, nothing per product but typed-array slots is kept, then `finish` places every product at
 * its name rank and groups the positions per category (with its ancestors), brand and tag, each list in the default
 * order (in stock first, then by name: defaultOrder). Pure.
 */
import type { ListingItem } from './listing-filter.ts';
import { availabilityIndex, vatIndex, type ListingColumns } from './listing-columns.ts';

/** One product as the builder takes it: a listing item without its name rank, plus what it is listed under. */
export interface ColumnsProduct extends Omit<ListingItem, 'nameRank'> {
  brandId: number | null;
  tagIds: readonly number[];
}

export interface ListingLists {
  columns: ListingColumns;
  /** Category id → positions of its and its descendants' products (each once), in the default order. */
  inCategory: Map<number, Int32Array>;
  ofBrand: Map<number, Int32Array>;
  withTag: Map<number, Int32Array>;
}

type Typed = Uint8Array | Uint16Array | Int32Array | Float64Array;

/** A typed array that doubles when full (the product count is not known while rows stream in). */
class Growing<T extends Typed> {
  length = 0;
  private data: T;
  private readonly make: (n: number) => T;
  constructor(data: T, make: (n: number) => T) {
    this.data = data;
    this.make = make;
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = this.make(Math.max(1024, this.data.length * 2));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  get values(): T {
    return this.data;
  }
}
const int32 = () => new Growing(new Int32Array(0), (n) => new Int32Array(n));
const uint8 = () => new Growing(new Uint8Array(0), (n) => new Uint8Array(n));

/** Equal id lists as one list and one small index. */
class Interned {
  readonly lists: (readonly number[])[] = [];
  private readonly index = new Map<string, number>();
  of(ids: readonly number[]): number {
    const key = ids.join(',');
    let i = this.index.get(key);
    if (i === undefined) this.index.set(key, (i = this.lists.push(Object.freeze([...ids])) - 1));
    return i;
  }
}

/** The narrowest unsigned array for indexes below `count`. */
const smallIndexes = (count: number, n: number): Uint16Array | Int32Array => (count <= 0x10000 ? new Uint16Array(n) : new Int32Array(n));

/** Ancestors of a category, for grouping: parent id per category id (null at the root). */
export type ParentOf = ReadonlyMap<number, number | null>;

export class ListingColumnsBuilder {
  private readonly ids = int32();
  private readonly stock = uint8();
  private readonly availability = uint8();
  private readonly brand = int32();
  private readonly price = new Growing(new Float64Array(0), (n) => new Float64Array(n));
  private readonly vat = int32();
  private readonly categorySet = int32();
  private readonly tagSet = int32();
  private readonly vats: number[] = [];
  private readonly categorySets = new Interned();
  private readonly tagSets = new Interned();
  /** Brand index 0 is "no brand"; others by brand id and slug. */
  private readonly brandIds: (number | null)[] = [null];
  private readonly brandSlugs: (string | null)[] = [null];
  private readonly brandIndex = new Map<string, number>();

  get size(): number {
    return this.ids.length;
  }

  add(p: ColumnsProduct): void {
    this.ids.push(p.id);
    this.stock.push(p.stockRank);
    this.availability.push(availabilityIndex(p.availability));
    this.price.push(p.price);
    this.vat.push(vatIndex(this.vats, p.vat));
    this.categorySet.push(this.categorySets.of(p.categoryIds));
    this.tagSet.push(this.tagSets.of(p.tagIds));
    let b = 0;
    if (p.brandId !== null || p.brand !== null) {
      const key = `${p.brandId}:${p.brand}`;
      const known = this.brandIndex.get(key);
      if (known !== undefined) b = known;
      else {
        b = this.brandIds.push(p.brandId) - 1;
        this.brandSlugs.push(p.brand);
        this.brandIndex.set(key, b);
      }
    }
    this.brand.push(b);
  }

  /**
   * The columns, every product at its position, and the lists. `nameRank[i]`: the name rank of the i-th product
   * added; distinct ranks (as rankNames gives) are the positions, ties are placed in the order added.
   */
  finish(nameRank: ArrayLike<number>, parentOf: ParentOf): ListingLists {
    const steps = this.steps(nameRank, parentOf);
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  /** The same, with `pause` between steps (each a pass or two over the products): a server keeps answering. */
  async finishPausing(nameRank: ArrayLike<number>, parentOf: ParentOf, pause: () => Promise<void>): Promise<ListingLists> {
    const steps = this.steps(nameRank, parentOf);
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      await pause();
    }
  }

  private *steps(nameRank: ArrayLike<number>, parentOf: ParentOf): Generator<void, ListingLists> {
    const n = this.size;
    const position = positions(nameRank, n);
    const place = <T extends Typed>(from: Typed, to: T): T => {
      for (let i = 0; i < n; i++) to[position[i]] = from[i];
      return to;
    };
    yield;
    const id = place(this.ids.values, new Int32Array(n));
    const stockRank = place(this.stock.values, new Uint8Array(n));
    const availability = place(this.availability.values, new Uint8Array(n));
    yield;
    const brand = place(this.brand.values, smallIndexes(this.brandSlugs.length, n));
    const price = place(this.price.values, new Float64Array(n));
    yield;
    const vat = place(this.vat.values, new Uint16Array(n));
    const categorySet = place(this.categorySet.values, smallIndexes(this.categorySets.lists.length, n));
    const tagSet = place(this.tagSet.values, smallIndexes(this.tagSets.lists.length, n));
    yield;
    const { brandSlugs, vats } = this;
    const categorySets = this.categorySets.lists;
    const columns: ListingColumns = {
      size: n,
      id,
      stockRank,
      availability,
      brand,
      brandSlugs,
      price,
      vat,
      vats,
      categorySet,
      categorySets,
    };
    const order = defaultOrder(columns.stockRank);
    const closures = this.categorySets.lists.map((ids) => withAncestors(ids, parentOf));
    yield;
    const inCategory = group(order, categorySet, closures);
    yield;
    const ofBrand = group(
      order,
      brand,
      this.brandIds.map((b) => (b !== null ? [b] : [])),
    );
    yield;
    const withTag = group(order, tagSet, this.tagSets.lists);
    return { columns, inCategory, ofBrand, withTag };
  }
}

/** Position of the i-th product added: its rank among the name ranks, ties in the order added. */
function positions(nameRank: ArrayLike<number>, n: number): Int32Array {
  const position = new Int32Array(n);
  const taken = new Uint8Array(n);
  let distinct = true;
  for (let i = 0; i < n && distinct; i++) {
    const r = nameRank[i];
    if (!Number.isInteger(r) || r < 0 || r >= n || taken[r]) distinct = false;
    else taken[r] = 1;
  }
  if (distinct) {
    for (let i = 0; i < n; i++) position[i] = nameRank[i];
    return position;
  }
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => nameRank[a] - nameRank[b] || a - b);
  order.forEach((i, p) => (position[i] = p));
  return position;
}

/** Every position in the default order: by stock rank, then by position (the name order). A counting sort. */
function defaultOrder(stockRank: Uint8Array): Int32Array {
  const start = new Int32Array(257);
  for (const s of stockRank) start[s + 1]++;
  for (let s = 1; s <= 256; s++) start[s] += start[s - 1];
  const order = new Int32Array(stockRank.length);
  for (let p = 0; p < stockRank.length; p++) order[start[stockRank[p]]++] = p;
  return order;
}

/** The category ids and all their ancestors, each once (a product counts in every ancestor of its categories). */
function withAncestors(ids: readonly number[], parentOf: ParentOf): number[] {
  const seen = new Set<number>();
  for (const id of ids) {
    for (let c: number | null | undefined = id; c !== null && c !== undefined && parentOf.has(c) && !seen.has(c); c = parentOf.get(c))
      seen.add(c);
  }
  return [...seen];
}

/**
 * Lists of positions per key, in `order`: `keysOf[setOf[p]]` are the keys position p is listed under (a product's
 * categories with their ancestors, its brand, its tags: shared per distinct set). Counted first, so every list is
 * allocated once at its size; keys are made dense first, so the passes over the products touch arrays only.
 */
function group(order: Int32Array, setOf: ArrayLike<number>, keysOf: readonly (readonly number[])[]): Map<number, Int32Array> {
  const dense = new Map<number, number>();
  const keys: number[] = [];
  const denseOf = keysOf.map((ks) =>
    Int32Array.from(ks, (k) => {
      let d = dense.get(k);
      if (d === undefined) dense.set(k, (d = keys.push(k) - 1));
      return d;
    }),
  );
  const counts = new Int32Array(keys.length);
  for (const p of order) for (const d of denseOf[setOf[p]]) counts[d]++;
  const lists = Array.from(counts, (c) => new Int32Array(c));
  const filled = new Int32Array(keys.length);
  for (const p of order) for (const d of denseOf[setOf[p]]) lists[d][filled[d]++] = p;
  const out = new Map<number, Int32Array>();
  keys.forEach((k, d) => {
    if (counts[d] > 0) out.set(k, lists[d]);
  });
  return out;
}
