/**
 * One copy of equal code postings across the storefronts (docs/adr/0030-search-at-scale.md): the codes list (every
 * suffix of every SKU and model number) is the same in storefronts that sell the same products with the same codes
 * in their names, and at 1,000,000 products it is the larger half of an index. A loaded or built index whose codes
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

/** The index with the codes of an equal index already held, if any (otherwise its own, now shareable). */
export function shareCodes(index: SearchIndex): SearchIndex {
  for (const ref of held) {
    const other = ref.deref();
    if (!other) held.delete(ref);
    else if (other === index.codes) return index;
    else if (samePostings(other, index.codes)) return { ...index, codes: other };
  }
  held.add(new WeakRef(index.codes));
  return index;
}
