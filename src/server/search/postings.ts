/**
 * Postings packed as bytes (pure; docs/adr/0030-search-at-scale.md): per term its documents ascending, each one
 * varint of (gap to the previous document × weight count + weight code), decoded while a query reads them.
 * A posting takes 1–3 bytes instead of 8 (an Int32 document and a Float32 weight), which is what lets five
 * storefronts of 1,000,000 products stay in memory; the weights themselves are few (field weights × the
 * compound factor) and sit in a small table.
 */
import type { TermTable } from './term-table.ts';

/** Sorted terms; the postings of term i are data[start[i] .. start[i + 1]). */
export interface Postings {
  terms: TermTable;
  start: Int32Array;
  data: Uint8Array;
  /** Weight code → weight. */
  weights: Float32Array;
}

/** Calls take(doc, weight × factor + bonus) for every posting of term t, documents ascending. */
export function takeTerm(p: Postings, t: number, factor: number, bonus: number, take: (doc: number, weight: number) => void): void {
  const { data, weights } = p;
  const n = weights.length;
  const end = p.start[t + 1];
  let doc = -1;
  for (let k = p.start[t]; k < end;) {
    let b = data[k++];
    let v = b & 127;
    for (let scale = 128; b & 128; scale *= 128) {
      b = data[k++];
      v += (b & 127) * scale;
    }
    const code = v % n;
    doc += (v - code) / n + 1;
    take(doc, weights[code] * factor + bonus);
  }
}

/** A growing byte buffer for the postings being written. */
export class ByteWriter {
  bytes = new Uint8Array(1 << 16);
  length = 0;

  varint(value: number): void {
    if (this.length + 8 > this.bytes.length) {
      const bigger = new Uint8Array(this.bytes.length * 2);
      bigger.set(this.bytes);
      this.bytes = bigger;
    }
    let v = value;
    while (v >= 128) {
      this.bytes[this.length++] = (v % 128) | 128;
      v = Math.floor(v / 128);
    }
    this.bytes[this.length++] = v;
  }

  /** The bytes written, in a buffer of their own size. */
  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/**
 * Packs every term's postings: docsOf(i) gives term i's documents ascending (distinct) and their weights.
 * Weights are coded by the table `weights` (every weight that occurs, each once).
 */
export function packPostings(
  terms: TermTable,
  count: number,
  weights: Float32Array,
  each: (i: number, emit: (doc: number, weight: number) => void) => void,
): Postings {
  const codeOf = new Map<number, number>();
  weights.forEach((w, i) => codeOf.set(w, i));
  const n = weights.length;
  const start = new Int32Array(count + 1);
  const out = new ByteWriter();
  for (let i = 0; i < count; i++) {
    start[i] = out.length;
    let prev = -1;
    each(i, (doc, weight) => {
      out.varint((doc - prev - 1) * n + codeOf.get(Math.fround(weight))!);
      prev = doc;
    });
  }
  start[count] = out.length;
  return { terms, start, data: out.done(), weights };
}
