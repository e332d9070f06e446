/**
 * A SearchIndex as bytes and back (pure; docs/product/search.md#index-freshness-and-caching): a length-prefixed
 * JSON header (version, locale, terms, categories) followed by the typed arrays, 8-byte aligned, so loading
 * a 50k-product index is one file read and a few copies instead of a rebuild from the database.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import type { FacetCategory, Postings, SearchIndex } from './index-builder.ts';

/** Bumped whenever the index's shape or the term pipeline changes: older files are then rebuilt, never misread. */
export const INDEX_FORMAT = 5;

interface Header {
  format: number;
  version: string;
  locale: LocaleCode;
  words: string[];
  codes: string[];
  categories: FacetCategory[];
  vocabulary: { folded: string[]; display: string[] };
  stockStatuses: string[];
  brandNames: [number, string][];
  /** Element counts of the arrays that follow, in ARRAY_ORDER. */
  lengths: number[];
  byLength: number[];
}

/** The typed arrays after the header, in this order (arraysOf and decodeIndex follow it). */
const KINDS = [
  Int32Array, // ids
  Int32Array, // mainCategory
  Int32Array, // words.start
  Int32Array, // words.doc
  Float32Array, // words.weight
  Int32Array, // codes.start
  Int32Array, // codes.doc
  Float32Array, // codes.weight
  Int32Array, // byLength, flattened
  Int32Array, // vocabulary.count
  Int32Array, // facts.brand
  Uint8Array, // facts.stock
  Float64Array, // facts.price
  Int32Array, // facts.nameOrder
  Float32Array, // facts.vat
  Uint8Array, // facts.orderable
] as const;
type ArrayOf<C> = C extends Int32ArrayConstructor
  ? Int32Array
  : C extends Float32ArrayConstructor
    ? Float32Array
    : C extends Float64ArrayConstructor
      ? Float64Array
      : Uint8Array;
type ArraysOf<T extends readonly unknown[]> = { -readonly [K in keyof T]: ArrayOf<T[K]> };
type Arrays = ArraysOf<typeof KINDS>;

function arraysOf(i: SearchIndex): Arrays {
  const flatLengths = new Int32Array(i.byLength.reduce((n, b) => n + b.length, 0));
  let k = 0;
  for (const b of i.byLength) flatLengths.set(b, (k += b.length) - b.length);
  return [
    i.ids,
    i.mainCategory,
    i.words.start,
    i.words.doc,
    i.words.weight,
    i.codes.start,
    i.codes.doc,
    i.codes.weight,
    flatLengths,
    i.vocabulary.count,
    i.facts.brand,
    i.facts.stock,
    i.facts.price,
    i.facts.nameOrder,
    i.facts.vat,
    i.facts.orderable,
  ];
}

const align8 = (n: number) => (n + 7) & ~7;

export function encodeIndex(index: SearchIndex): Buffer {
  const arrays = arraysOf(index);
  const header: Header = {
    format: INDEX_FORMAT,
    version: index.version,
    locale: index.locale,
    words: index.words.terms,
    codes: index.codes.terms,
    categories: [...index.categories.values()],
    vocabulary: { folded: index.vocabulary.folded, display: index.vocabulary.display },
    stockStatuses: index.facts.stockStatuses,
    brandNames: [...index.facts.brandNames],
    lengths: arrays.map((a) => a.length),
    byLength: index.byLength.map((b) => b.length),
  };
  const json = Buffer.from(JSON.stringify(header));
  const parts: Buffer[] = [];
  const prefix = Buffer.alloc(8);
  prefix.writeUInt32LE(json.length, 0);
  parts.push(prefix, json, Buffer.alloc(align8(8 + json.length) - 8 - json.length));
  for (const a of arrays) parts.push(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.alloc(align8(a.byteLength) - a.byteLength));
  return Buffer.concat(parts);
}

/** The index, or null when the bytes are of another format or cut short (then the caller rebuilds). */
export function decodeIndex(bytes: Uint8Array): SearchIndex | null {
  try {
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const jsonLength = view.readUInt32LE(0);
    const header = JSON.parse(view.subarray(8, 8 + jsonLength).toString()) as Header;
    if (header.format !== INDEX_FORMAT) return null;
    let at = align8(8 + jsonLength);
    const arrays = KINDS.map((Kind, i) => {
      const n = header.lengths[i];
      const size = n * Kind.BYTES_PER_ELEMENT;
      if (at + size > view.length) throw new Error('cut short');
      // A copy: an aligned typed array of its own, not a view into the file's buffer.
      const a = new Kind(n);
      new Uint8Array(a.buffer).set(view.subarray(at, at + size));
      at += align8(size);
      return a;
    }) as unknown as Arrays;
    const [
      ids,
      mainCategory,
      wStart,
      wDoc,
      wWeight,
      cStart,
      cDoc,
      cWeight,
      flat,
      vocabularyCount,
      brand,
      stock,
      price,
      nameOrder,
      vat,
      orderable,
    ] = arrays;
    const words: Postings = { terms: header.words, start: wStart, doc: wDoc, weight: wWeight };
    const codes: Postings = { terms: header.codes, start: cStart, doc: cDoc, weight: cWeight };
    let k = 0;
    const byLength = header.byLength.map((n) => flat.slice(k, (k += n)));
    return {
      version: header.version,
      locale: header.locale,
      ids,
      mainCategory,
      words,
      codes,
      byLength,
      termSet: new Set(words.terms),
      vocabulary: { ...header.vocabulary, count: vocabularyCount },
      facts: {
        brand,
        stock,
        stockStatuses: header.stockStatuses,
        price,
        vat,
        orderable,
        nameOrder,
        brandNames: new Map(header.brandNames),
      },
      categories: new Map(header.categories.map((c) => [c.id, c])),
    };
  } catch {
    return null;
  }
}
