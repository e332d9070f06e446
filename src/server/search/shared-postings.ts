/**
 * One copy of equal code postings across the storefronts (docs/adr/0030-search-at-scale.md): the codes list (every
 * suffix of every SKU and model number) is the same in storefronts that sell the same products with the same codes
 * in their names, and at 1,000,000 products it is the larger half of an index (with the word terms holding a digit,
 * codeWords); so are the per-product arrays that do not depend on the language. A loaded or built index whose lists
 * equal (byte for byte) those of an index already held takes that copy; the process keeps only weak references.
 */
import { processCache } from '#server/cache/process-cache.ts';
import type { SearchIndex } from './index-builder.ts';
import type { Postings } from './postings.ts';

const held = processCache('search-shared-codes.v1', () => new Set<WeakRef<Postings>>());

const bytesOf = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const sameBytes = (a: ArrayBufferView, b: ArrayBufferView) => a.byteLength === b.byteLength && bytesOf(a).equals(bytesOf(b));

export function samePostings(a: Postings, b: Postings): boolean {
  return (
    a.data.length === b.data.length &&
    a.terms.text.length === b.terms.text.length &&
    sameBytes(a.start, b.start) &&
    sameBytes(a.data, b.data) &&
    sameBytes(a.weights, b.weights) &&
    sameBytes(a.terms.offsets, b.terms.offsets) &&
    a.terms.text === b.terms.text
  );
}

const heldArrays = processCache('search-shared-arrays.v1', () => new Set<WeakRef<ArrayBufferView>>());

/** An equal list already held by another storefront's index, or this one (then shareable). */
function shared(p: Postings): Postings {
  for (const ref of held) {
    const other = ref.deref();
    if (!other) held.delete(ref);
    else if (other === p || samePostings(other, p)) return other;
  }
  held.add(new WeakRef(p));
  return p;
}

/** The same for a per-product array (ids, main categories, brands, stock: the same in every storefront). */
function sharedArray<A extends ArrayBufferView>(a: A): A {
  for (const ref of heldArrays) {
    const other = ref.deref();
    if (!other) heldArrays.delete(ref);
    else if (other === a || (other.constructor === a.constructor && sameBytes(other, a))) return other as A;
  }
  heldArrays.add(new WeakRef(a));
  return a;
}

/**
 * The index with the code lists and per-product arrays of equal indexes already held, where there are any:
 * equal bytes, one copy (docs/adr/0030-search-at-scale.md).
 */
export function shareCodes(index: SearchIndex): SearchIndex {
  const { facts } = index;
  return {
    ...index,
    ids: sharedArray(index.ids),
    mainCategory: sharedArray(index.mainCategory),
    codeWords: shared(index.codeWords),
    codes: shared(index.codes),
    facts: { ...facts, brand: sharedArray(facts.brand), stock: sharedArray(facts.stock), orderable: sharedArray(facts.orderable) },
  };
}
