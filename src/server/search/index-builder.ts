/**
 * The in-process search index of one storefront, built from rows (pure: no I/O; docs/product/search.md#ranking).
 * - words: the catalogue's words as terms (folded and stemmed in the storefront's language, lib/search/terms.ts),
 *   sorted so a prefix is a contiguous range found by binary search; the terms holding a digit (model numbers,
 *   SKUs) in a list of their own, codeWords, which storefronts selling the same products share (ADR 0030);
 * - a compound word is also posted under its parts (`dammsugarfilter` under dammsug and filt), at COMPOUND_FACTOR;
 * - codes: every suffix of a term holding a digit (model numbers, SKUs, the SKU with its separators removed),
 *   so a fragment such as `796` finds ST796X as a prefix of a suffix;
 * - byLength: the word terms bucketed by length, so a typo scan reads only terms of a reachable length.
 */
import { createHash } from 'node:crypto';
import type { LocaleCode } from '#lib/market/locales.ts';
import { rankNames } from '#lib/catalogue/name-ranks.ts';
import { tokenize } from '#lib/search/tokenize.ts';
import { foldTerm } from '#lib/search/fold.ts';
import { stemTerm } from '#lib/search/stem.ts';
import { codeSuffixes, isCode, joinedCode } from '#lib/search/terms.ts';
import { MIN_COMPOUND, splitAtKnownPart, splitCompound } from '#lib/search/compound.ts';
import { packPostings, type Postings } from './postings.ts';
import { packTerms, termAt, termCount, type TermTable } from './term-table.ts';
export type { Postings } from './postings.ts';

/** How much a hit in each field counts. A sku hit is the strongest signal, a category hit the weakest. */
export const FIELD_WEIGHT = { sku: 4, name: 3, brand: 2, category: 1 } as const;
/** A product found through a part of one of its compound words counts a little less than through the word. */
export const COMPOUND_FACTOR = 0.8;

export interface FacetCategory {
  id: number;
  name: string;
  slug: string;
  uri: string;
  hierarchy: string[];
}

/**
 * The words of product names, brands and categories (not codes) as shoppers would type them, for completions
 * and did-you-mean: folded (sorted), the commonest spelling of each, and how often it occurs.
 */
export interface Vocabulary {
  folded: string[];
  display: string[];
  count: Int32Array;
}

export interface SearchIndex {
  version: string;
  locale: LocaleCode;
  /** Product id per document (ascending). */
  ids: Int32Array;
  mainCategory: Int32Array;
  /** The word terms without a digit. */
  words: Postings;
  /** The word terms holding a digit (model numbers, SKUs): the same in storefronts selling the same products. */
  codeWords: Postings;
  codes: Postings;
  /** byLength[n]: indexes into words.terms of the word terms (no digits) n characters long. */
  byLength: Int32Array[];
  vocabulary: Vocabulary;
  facts: DocFacts;
  categories: Map<number, FacetCategory>;
}

export interface IndexProduct {
  id: number;
  sku: string;
  name: string;
  brand: string | null;
  /** For filters, facets and sorting of results (docs/product/search.md#refining-results). */
  brand_id?: number | null;
  stock_status?: string;
  /** Unit price for quantity 1 incl. VAT, in the storefront's currency (major units). */
  price?: number;
  /** VAT percent of the price. */
  vat?: number;
  orderable?: number | boolean;
}

/** Per document: what results are filtered, counted and sorted by. */
export interface DocFacts {
  brand: Int32Array;
  /** Index into stockStatuses. */
  stock: Uint8Array;
  stockStatuses: string[];
  price: Float64Array;
  vat: Float32Array;
  orderable: Uint8Array;
  /** Position of the document's name in the storefront language's alphabetical order. */
  nameOrder: Int32Array;
  brandNames: Map<number, string>;
}
export interface IndexProductCategory {
  product_id: number;
  category_id: number;
  main: number;
  name: string;
}

/**
 * The postings of one term list while building: (term, doc, weight code) triples appended to typed arrays, grouped
 * by term only when the index is finished. A Map per term (what this was before) cost a few hundred bytes per term
 * and posting: gigabytes at 1,000,000 products (docs/adr/0030-search-at-scale.md).
 */
class TermPostings {
  readonly ids = new Map<string, number>();
  readonly names: string[] = [];
  /** Weight code → weight (doubles: a compound part's weight is computed from them as before). */
  readonly weightValues: number[] = [];
  private readonly weightCode = new Map<number, number>();
  private term = new Int32Array(1 << 16);
  private doc = new Int32Array(1 << 16);
  private code = new Uint8Array(1 << 16);
  private length = 0;

  idOf(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.names.push(term) - 1;
      this.ids.set(term, id);
    }
    return id;
  }

  codeOf(weight: number): number {
    let c = this.weightCode.get(weight);
    if (c === undefined) {
      c = this.weightValues.push(weight) - 1;
      if (c > 255) throw new Error('more than 256 distinct posting weights');
      this.weightCode.set(weight, c);
    }
    return c;
  }

  post(term: string, doc: number, weight: number): void {
    if (this.length === this.term.length) {
      const grow = <A extends Int32Array | Uint8Array>(a: A, make: (n: number) => A): A => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.term = grow(this.term, (n) => new Int32Array(n));
      this.doc = grow(this.doc, (n) => new Int32Array(n));
      this.code = grow(this.code, (n) => new Uint8Array(n));
    }
    this.term[this.length] = this.idOf(term);
    this.doc[this.length] = doc;
    this.code[this.length++] = this.codeOf(weight);
  }

  /**
   * Groups the triples by term: per term its distinct documents ascending with their best weight code.
   * Frees the triples.
   */
  group(): GroupedPostings {
    const n = this.names.length;
    const begin = new Int32Array(n + 1);
    for (let i = 0; i < this.length; i++) begin[this.term[i] + 1]++;
    for (let t = 0; t < n; t++) begin[t + 1] += begin[t];
    const fill = begin.slice(0, n);
    // key: doc × 256 + weight code, so one typed sort orders a term's postings by document
    const keys = new Float64Array(this.length);
    for (let i = 0; i < this.length; i++) keys[fill[this.term[i]]++] = this.doc[i] * 256 + this.code[i];
    this.term = this.doc = new Int32Array(0);
    this.code = new Uint8Array(0);
    const w = this.weightValues;
    const docs = new Int32Array(keys.length);
    const codes = new Uint8Array(keys.length);
    const start = new Int32Array(n + 1);
    let out = 0;
    for (let t = 0; t < n; t++) {
      start[t] = out;
      const range = keys.subarray(begin[t], begin[t + 1]);
      let sorted = true;
      for (let i = 1; i < range.length && sorted; i++) sorted = range[i - 1] <= range[i];
      if (!sorted) range.sort();
      for (let i = 0; i < range.length; i++) {
        const doc = Math.floor(range[i] / 256);
        const code = range[i] - doc * 256;
        if (out > start[t] && docs[out - 1] === doc) {
          if (w[code] > w[codes[out - 1]]) codes[out - 1] = code;
        } else {
          docs[out] = doc;
          codes[out++] = code;
        }
      }
    }
    start[n] = out;
    return { start, docs, codes };
  }
}

interface GroupedPostings {
  /** Per term id: docs[start[t] .. start[t + 1]) ascending, codes alongside. */
  start: Int32Array;
  docs: Int32Array;
  codes: Uint8Array;
}

/** A word's term: codes keep their letters, words are stemmed. */
export const termOf = (folded: string, locale: LocaleCode): string => (isCode(folded) ? folded : stemTerm(folded, locale));

/**
 * The catalogue term a compound part stands for, or null: the part's own stem, or — Swedish, Norwegian and
 * Danish drop a final e in the modifier (dammsugare → dammsugar-filter) — the stem of the part plus e.
 */
export function knownPart(part: string, locale: LocaleCode, has: (term: string) => boolean): string | null {
  const own = stemTerm(part, locale);
  if (has(own)) return own;
  const withE = stemTerm(`${part}e`, locale);
  return has(withE) ? withE : null;
}

const DIGIT = /\d/;

/**
 * The code lists of the storefront built before (docs/adr/0030-search-at-scale.md): storefronts selling the same
 * products with the same codes have equal codeWords and codes, about half of an index's build time at 1,000,000
 * products. A builder given this takes them when its own code occurrences are the same, and leaves its own here.
 */
export interface CodeListsMemo {
  /** Digest of the code occurrences (code, document, weight) the lists were built from. */
  signature?: string;
  codeWords?: Postings;
  codes?: Postings;
}

/** Every occurrence of a code (a term holding a digit) in the order posted: the only input of the code lists. */
class CodeOccurrences {
  readonly codes: string[] = [];
  docs = new Int32Array(1 << 16);
  weights = new Float64Array(1 << 16);
  private readonly digest = createHash('sha256');
  private pending = '';

  add(code: string, doc: number, weight: number): void {
    const n = this.codes.length;
    if (n === this.docs.length) {
      const docs = new Int32Array(n * 2);
      docs.set(this.docs);
      this.docs = docs;
      const weights = new Float64Array(n * 2);
      weights.set(this.weights);
      this.weights = weights;
    }
    this.codes.push(code);
    this.docs[n] = doc;
    this.weights[n] = weight;
    this.pending += `${code} ${doc} ${weight}\n`;
    if (this.pending.length > 1 << 16) this.flush();
  }

  private flush(): void {
    this.digest.update(this.pending);
    this.pending = '';
  }

  signature(): string {
    this.flush();
    return this.digest.digest('hex');
  }
}

/** The word terms holding a digit and every suffix of them, from their occurrences. */
function codeLists(occurrences: CodeOccurrences): { codeWords: Postings; codes: Postings } {
  const words = new TermPostings();
  const suffixes = new TermPostings();
  const { codes, docs, weights } = occurrences;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i];
    words.post(code, docs[i], weights[i]);
    for (const s of codeSuffixes(code)) suffixes.post(s, docs[i], weights[i]);
  }
  return { codeWords: freeze(words, words.group(), new Map()), codes: freeze(suffixes, suffixes.group(), new Map()) };
}

/**
 * Builds an index incrementally: products in ascending id order, each chunk's category links after it. With a memo,
 * the code lists of the storefront built before are taken when they would be the same (CodeListsMemo).
 */
export function indexBuilder(locale: LocaleCode, memo?: CodeListsMemo) {
  const docOf = new Map<number, number>();
  const ids: number[] = [];
  const mainCategory: number[] = [];
  const names: string[] = [];
  const brand: number[] = [];
  const stock: number[] = [];
  const stockStatuses: string[] = [];
  const price: number[] = [];
  const vat: number[] = [];
  const orderable: number[] = [];
  const brandNames = new Map<number, string>();
  const words = new TermPostings();
  /** The code lists are made in finish, or taken from the memo. */
  const codeOccurrences = new CodeOccurrences();
  /** Folded words long enough to be compounds → their term, split when the whole vocabulary is known. */
  const compoundCandidates = new Map<string, string>();
  // Catalogue text repeats its words: fold and stem each distinct word once (codes are mostly unique: not kept).
  const folds = new Map<string, string>();
  const terms = new Map<string, string>();
  const fold = (t: string) => {
    if (DIGIT.test(t)) return foldTerm(t, locale);
    let f = folds.get(t);
    if (f === undefined) folds.set(t, (f = foldTerm(t, locale)));
    return f;
  };
  const termFor = (f: string) => {
    if (DIGIT.test(f)) return f;
    let t = terms.get(f);
    if (t === undefined) terms.set(f, (t = termOf(f, locale)));
    return t;
  };
  /** Folded word → how often each spelling of it occurs: the suggestions show the commonest spelling. */
  const spellings = new Map<string, Map<string, number>>();
  const add = (doc: number, text: string | null, weight: number, joinCode = false) => {
    const tokens = tokenize(text ?? '');
    const folded = tokens.map(fold);
    folded.forEach((f, i) => {
      if (isCode(f)) {
        codeOccurrences.add(f, doc, weight);
        return;
      }
      const term = termFor(f);
      words.post(term, doc, weight);
      if (f.length >= MIN_COMPOUND) compoundCandidates.set(f, term);
      if (!joinCode) {
        let seen = spellings.get(f);
        if (!seen) spellings.set(f, (seen = new Map()));
        seen.set(tokens[i], (seen.get(tokens[i]) ?? 0) + 1);
      }
    });
    const joined = joinCode ? joinedCode(folded) : null;
    if (joined) codeOccurrences.add(joined, doc, weight);
  };
  return {
    addProducts(rows: readonly IndexProduct[]) {
      for (const r of rows) {
        const doc = ids.length;
        ids.push(r.id);
        mainCategory.push(0);
        docOf.set(r.id, doc);
        names.push(r.name);
        brand.push(r.brand_id ?? 0);
        if (r.brand_id && r.brand) brandNames.set(r.brand_id, r.brand);
        const status = r.stock_status ?? '';
        let code = stockStatuses.indexOf(status);
        if (code < 0) code = stockStatuses.push(status) - 1;
        stock.push(code);
        price.push(r.price ?? 0);
        vat.push(r.vat ?? 0);
        orderable.push(r.orderable ? 1 : 0);
        add(doc, r.sku, FIELD_WEIGHT.sku, true);
        add(doc, r.name, FIELD_WEIGHT.name);
        add(doc, r.brand, FIELD_WEIGHT.brand);
      }
    },
    addCategories(links: readonly IndexProductCategory[]) {
      for (const c of links) {
        const doc = docOf.get(c.product_id);
        if (doc === undefined) continue;
        add(doc, c.name, FIELD_WEIGHT.category);
        if (c.main) mainCategory[doc] = c.category_id;
      }
    },
    finish(version: string, categoryList: readonly FacetCategory[]): SearchIndex {
      docOf.clear();
      folds.clear();
      terms.clear();
      const nameOrder = rankNames(names, locale);
      names.length = 0;
      const wordPostings = freezeWords(words, compoundCandidates, locale);
      const signature = codeOccurrences.signature();
      const { codeWords, codes } =
        memo?.signature === signature && memo.codeWords && memo.codes
          ? { codeWords: memo.codeWords, codes: memo.codes }
          : codeLists(codeOccurrences);
      if (memo) Object.assign(memo, { signature, codeWords, codes });
      return {
        version,
        locale,
        ids: Int32Array.from(ids),
        mainCategory: Int32Array.from(mainCategory),
        words: wordPostings,
        codeWords,
        codes,
        byLength: lengthBuckets(wordPostings.terms),
        vocabulary: vocabularyOf(spellings),
        facts: {
          brand: Int32Array.from(brand),
          stock: Uint8Array.from(stock),
          stockStatuses,
          price: Float64Array.from(price),
          vat: Float32Array.from(vat),
          orderable: Uint8Array.from(orderable),
          nameOrder,
          brandNames,
        },
        categories: new Map(categoryList.map((c) => [c.id, c])),
      };
    },
  };
}

/**
 * Every product holding a compound word is also posted under each of its parts: all parts known to the
 * whole vocabulary, else cut at the one known part (the other part becomes a term of its own). The terms
 * involved get a Map of their postings (doc → weight) for this, applied in order as they always were.
 */
function freezeWords(words: TermPostings, candidates: Map<string, string>, locale: LocaleCode): Postings {
  const grouped = words.group();
  const has = (term: string) => words.ids.has(term);
  const additions: [string, number][] = [];
  for (const [folded, term] of candidates) {
    const known = (part: string) => knownPart(part, locale, has) !== null;
    const parts = splitCompound(folded, locale, known) ?? splitAtKnownPart(folded, locale, known);
    if (!parts) continue;
    const source = words.ids.get(term)!;
    for (const part of parts) {
      const partTerm = knownPart(part, locale, has) ?? termOf(part, locale);
      if (partTerm !== term) additions.push([partTerm, source]);
    }
  }
  const live = new Map<number, Map<number, number>>();
  const mapOf = (id: number) => {
    let m = live.get(id);
    if (!m) {
      m = new Map();
      // a part that is no term yet has no grouped postings
      if (id + 1 < grouped.start.length)
        for (let k = grouped.start[id]; k < grouped.start[id + 1]; k++) m.set(grouped.docs[k], words.weightValues[grouped.codes[k]]);
      live.set(id, m);
    }
    return m;
  };
  for (const [partTerm, source] of additions) {
    const target = mapOf(words.idOf(partTerm));
    for (const [doc, w] of mapOf(source)) {
      const weight = w * COMPOUND_FACTOR;
      if ((target.get(doc) ?? 0) < weight) target.set(doc, weight);
    }
  }
  return freeze(words, grouped, live);
}

function vocabularyOf(spellings: Map<string, Map<string, number>>): Vocabulary {
  const folded = [...spellings.keys()].sort();
  const display: string[] = [];
  const count = new Int32Array(folded.length);
  folded.forEach((f, i) => {
    let best = '';
    let most = 0;
    for (const [spelling, n] of spellings.get(f)!) {
      count[i] += n;
      if (n > most) [best, most] = [spelling, n];
    }
    display.push(best);
  });
  return { folded, display, count };
}

/** The sorted, packed postings: grouped ones, or — for the terms in `live` — those of its Map. */
function freeze(list: TermPostings, grouped: GroupedPostings, live: Map<number, Map<number, number>>): Postings {
  const sorted = [...list.names].sort();
  const order = sorted.map((t) => list.ids.get(t)!);
  const terms = packTerms(sorted);
  const each = (r: number, emit: (doc: number, weight: number) => void) => {
    const id = order[r];
    const m = live.get(id);
    if (m) {
      for (const doc of Int32Array.from(m.keys()).sort()) emit(doc, m.get(doc)!);
      return;
    }
    for (let k = grouped.start[id]; k < grouped.start[id + 1]; k++) emit(grouped.docs[k], list.weightValues[grouped.codes[k]]);
  };
  // the weights these terms use (a list's bytes then depend on its own postings only: equal lists are equal bytes)
  const values = new Set<number>();
  for (let r = 0; r < order.length; r++) each(r, (_, w) => values.add(Math.fround(w)));
  const weights = Float32Array.from([...values].sort((a, b) => a - b));
  return packPostings(terms, order.length, weights, each);
}

function lengthBuckets(terms: TermTable): Int32Array[] {
  const lists: number[][] = [];
  for (let i = 0; i < termCount(terms); i++) {
    const t = termAt(terms, i);
    if (isCode(t)) continue;
    (lists[t.length] ??= []).push(i);
  }
  return Array.from({ length: lists.length }, (_, n) => Int32Array.from(lists[n] ?? []));
}

/** Pure: the index from product rows (ascending id), their category links and the category table. */
export function assembleIndex(
  locale: LocaleCode,
  v: string,
  rows: readonly IndexProduct[],
  cats: readonly IndexProductCategory[],
  categoryList: readonly FacetCategory[],
): SearchIndex {
  const b = indexBuilder(locale);
  b.addProducts(rows);
  b.addCategories(cats);
  return b.finish(v, categoryList);
}

/** First index in a sorted list whose term is ≥ prefix. */
export function lowerBound(terms: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
