/**
 * A SearchIndex as bytes and back (pure; docs/product/search.md#index-freshness-and-caching): a length-prefixed
 * JSON header (version, locale, categories, vocabulary, array lengths) followed by the typed arrays and the packed
 * term texts, 8-byte aligned, so loading an index is one file read and a few copies instead of a rebuild from the
 * database. The terms are not in the JSON: at 1,000,000 products they are millions (docs/adr/0030-search-at-scale.md).
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import type { FacetCategory, SearchIndex } from './index-builder.ts';
import type { Postings } from './postings.ts';
import { flat, termTextBytes } from './term-table.ts';

/** Bumped whenever the index's shape or the term pipeline changes: older files are then rebuilt, never misread. */
export const INDEX_FORMAT = 7;

type TextEncoding = 'latin1' | 'utf16le';

interface Header {
  format: number;
  version: string;
  locale: LocaleCode;
  categories: FacetCategory[];
  vocabulary: { folded: string[]; display: string[] };
  stockStatuses: string[];
  brandNames: [number, string][];
  /** Element counts of the arrays that follow, in KINDS order. */
  lengths: number[];
  byLength: number[];
  /** How the term texts of words, codeWords and codes are stored (as bytes, in their text arrays). */
  textEncoding: [TextEncoding, TextEncoding, TextEncoding];
}

/** The typed arrays after the header, in this order (arraysOf and decodeIndex follow it). */
const KINDS = [
  Int32Array, // ids
  Int32Array, // mainCategory
  Int32Array, // words.terms.offsets
  Uint8Array, // words.terms.text
  Int32Array, // words.start
  Uint8Array, // words.data
  Float32Array, // words.weights
  Int32Array, // codeWords.terms.offsets
  Uint8Array, // codeWords.terms.text
  Int32Array, // codeWords.start
  Uint8Array, // codeWords.data
  Float32Array, // codeWords.weights
  Int32Array, // codes.terms.offsets
  Uint8Array, // codes.terms.text
  Int32Array, // codes.start
  Uint8Array, // codes.data
  Float32Array, // codes.weights
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

/** Indexes in KINDS of the three term texts (words, codeWords, codes). */
const TEXTS = [3, 8, 13];

function arraysOf(i: SearchIndex, [wordsText, codeWordsText, codesText]: Buffer[]): Arrays {
  const flatLengths = new Int32Array(i.byLength.reduce((n, b) => n + b.length, 0));
  let k = 0;
  for (const b of i.byLength) flatLengths.set(b, (k += b.length) - b.length);
  return [
    i.ids,
    i.mainCategory,
    i.words.terms.offsets,
    wordsText,
    i.words.start,
    i.words.data,
    i.words.weights,
    i.codeWords.terms.offsets,
    codeWordsText,
    i.codeWords.start,
    i.codeWords.data,
    i.codeWords.weights,
    i.codes.terms.offsets,
    codesText,
    i.codes.start,
    i.codes.data,
    i.codes.weights,
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
  const texts = [index.words, index.codeWords, index.codes].map((p) => termTextBytes(p.terms));
  const arrays = arraysOf(
    index,
    texts.map((t) => t.bytes),
  );
  const header: Header = {
    format: INDEX_FORMAT,
    version: index.version,
    locale: index.locale,
    categories: [...index.categories.values()],
    vocabulary: { folded: index.vocabulary.folded, display: index.vocabulary.display },
    stockStatuses: index.facts.stockStatuses,
    brandNames: [...index.facts.brandNames],
    lengths: arrays.map((a) => a.length),
    byLength: index.byLength.map((b) => b.length),
    textEncoding: [texts[0].encoding, texts[1].encoding, texts[2].encoding],
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
    const texts: string[] = [];
    const arrays = KINDS.map((Kind, i) => {
      const n = header.lengths[i];
      const size = n * Kind.BYTES_PER_ELEMENT;
      if (at + size > view.length) throw new Error('cut short');
      const bytesOf = view.subarray(at, at + size);
      at += align8(size);
      // the term texts become strings; every other array a copy of its own, not a view into the file's buffer
      const text = TEXTS.indexOf(i);
      if (text >= 0) {
        texts.push(flat(bytesOf.toString(header.textEncoding[text])));
        return new Uint8Array(0);
      }
      const a = new Kind(n);
      new Uint8Array(a.buffer).set(bytesOf);
      return a;
    }) as unknown as Arrays;
    const [
      ids,
      mainCategory,
      wOffsets,
      ,
      wStart,
      wData,
      wWeights,
      kOffsets,
      ,
      kStart,
      kData,
      kWeights,
      cOffsets,
      ,
      cStart,
      cData,
      cWeights,
      flatLengths,
      vocabularyCount,
      brand,
      stock,
      price,
      nameOrder,
      vat,
      orderable,
    ] = arrays;
    const words: Postings = { terms: { text: texts[0], offsets: wOffsets }, start: wStart, data: wData, weights: wWeights };
    const codeWords: Postings = { terms: { text: texts[1], offsets: kOffsets }, start: kStart, data: kData, weights: kWeights };
    const codes: Postings = { terms: { text: texts[2], offsets: cOffsets }, start: cStart, data: cData, weights: cWeights };
    let k = 0;
    const byLength = header.byLength.map((n) => flatLengths.slice(k, (k += n)));
    return {
      version: header.version,
      locale: header.locale,
      ids,
      mainCategory,
      words,
      codeWords,
      codes,
      byLength,
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
