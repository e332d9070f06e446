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

/**
 * Where a query word's hits gather (match.ts): best[doc] is the best weight so far (0: not yet hit), touched[0 ..
 * count) the documents hit, in the order first hit.
 */
export interface HitSink {
  best: Float32Array;
  touched: Int32Array;
  count: number;
}

const tablesByCount = new Map<number, { step: Int32Array; codeOf: Uint8Array }>();
/** For each one-byte value v (below 128) with n weight codes: its document step (gap + 1) and its weight code. */
function oneByteTables(n: number): { step: Int32Array; codeOf: Uint8Array } {
  let t = tablesByCount.get(n);
  if (!t) {
    t = { step: new Int32Array(128), codeOf: new Uint8Array(128) };
    for (let v = 0; v < 128; v++) {
      t.codeOf[v] = v % n;
      t.step[v] = (v - (v % n)) / n + 1;
    }
    tablesByCount.set(n, t);
  }
  return t;
}

/**
 * takeTerm into a HitSink, fused: the same weights (weight × factor + bonus, kept when above the best so far) without
 * a call per posting, which at a million postings (a two-letter prefix) was most of a query's time
 * (docs/adr/0030-search-at-scale.md#throughput).
 */
export function sinkTerm(p: Postings, t: number, factor: number, bonus: number, sink: HitSink): void {
  const { data, weights } = p;
  const n = weights.length;
  const scaled = new Float64Array(n);
  for (let c = 0; c < n; c++) scaled[c] = weights[c] * factor + bonus;
  // a one-byte posting (most of a long list) split by table, not by a division
  const { step, codeOf } = oneByteTables(n);
  const { best, touched } = sink;
  let count = sink.count;
  const end = p.start[t + 1];
  let doc = -1;
  for (let k = p.start[t]; k < end;) {
    let b = data[k++];
    let code: number;
    if (b < 128) {
      code = codeOf[b];
      doc += step[b];
    } else {
      let v = b & 127;
      for (let scale = 128; b & 128; scale *= 128) {
        b = data[k++];
        v += (b & 127) * scale;
      }
      code = v % n;
      doc += (v - code) / n + 1;
    }
    const w = scaled[code];
    const was = best[doc];
    if (was === 0) touched[count++] = doc;
    if (w > was) best[doc] = w;
  }
  sink.count = count;
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
