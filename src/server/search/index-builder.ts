/**
 * The in-process search index of one storefront, built from rows (pure: no I/O; docs/product/search.md#ranking).
 * - words: the catalogue's words as terms (folded and stemmed in the storefront's language, lib/search/terms.ts),
 *   sorted so a prefix is a contiguous range found by binary search;
 * - a compound word is also posted under its parts (`dammsugarfilter` under dammsug and filt), at COMPOUND_FACTOR;
 * - codes: every suffix of a term holding a digit (model numbers, SKUs, the SKU with its separators removed),
 *   so a fragment such as `796` finds ST796X as a prefix of a suffix;
 * - byLength: the word terms bucketed by length, so a typo scan reads only terms of a reachable length.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { rankNames } from '#server/catalogue/listing-source.ts';
import { tokenize } from '#lib/search/tokenize.ts';
import { foldTerm } from '#lib/search/fold.ts';
import { stemTerm } from '#lib/search/stem.ts';
import { codeSuffixes, isCode, joinedCode } from '#lib/search/terms.ts';
import { MIN_COMPOUND, splitAtKnownPart, splitCompound } from '#lib/search/compound.ts';

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

/** Sorted terms; the postings of terms[i] are doc/weight[start[i] .. start[i+1]). */
export interface Postings {
  terms: string[];
  start: Int32Array;
  doc: Int32Array;
  weight: Float32Array;
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
  words: Postings;
  codes: Postings;
  /** byLength[n]: indexes into words.terms of the word terms (no digits) n characters long. */
  byLength: Int32Array[];
  /** terms in words.terms, for the compound splitter's "is this a word of the catalogue?" */
  termSet: Set<string>;
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

type PostingMap = Map<string, Map<number, number>>;
const post = (m: PostingMap, term: string, doc: number, weight: number) => {
  let p = m.get(term);
  if (!p) m.set(term, (p = new Map()));
  if ((p.get(doc) ?? 0) < weight) p.set(doc, weight);
};

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

/** Builds an index incrementally: products in ascending id order, each chunk's category links after it. */
export function indexBuilder(locale: LocaleCode) {
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
  const words: PostingMap = new Map();
  const codes: PostingMap = new Map();
  /** Folded words long enough to be compounds → their term, split when the whole vocabulary is known. */
  const compoundCandidates = new Map<string, string>();
  // Catalogue text repeats its words: fold and stem each distinct token once.
  const folds = new Map<string, string>();
  const terms = new Map<string, string>();
  const fold = (t: string) => folds.get(t) ?? (folds.set(t, foldTerm(t, locale)), folds.get(t)!);
  const termFor = (f: string) => terms.get(f) ?? (terms.set(f, termOf(f, locale)), terms.get(f)!);
  /** Folded word → how often each spelling of it occurs: the suggestions show the commonest spelling. */
  const spellings = new Map<string, Map<string, number>>();
  const add = (doc: number, text: string | null, weight: number, joinCode = false) => {
    const tokens = tokenize(text ?? '');
    const folded = tokens.map(fold);
    folded.forEach((f, i) => {
      const term = termFor(f);
      post(words, term, doc, weight);
      if (isCode(f)) {
        for (const s of codeSuffixes(f)) post(codes, s, doc, weight);
        return;
      }
      if (f.length >= MIN_COMPOUND) compoundCandidates.set(f, term);
      if (!joinCode) {
        let seen = spellings.get(f);
        if (!seen) spellings.set(f, (seen = new Map()));
        seen.set(tokens[i], (seen.get(tokens[i]) ?? 0) + 1);
      }
    });
    const joined = joinCode ? joinedCode(folded) : null;
    if (joined) {
      post(words, joined, doc, weight);
      for (const s of codeSuffixes(joined)) post(codes, s, doc, weight);
    }
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
      postCompoundParts(words, compoundCandidates, locale);
      const wordPostings = freeze(words);
      return {
        version,
        locale,
        ids: Int32Array.from(ids),
        mainCategory: Int32Array.from(mainCategory),
        words: wordPostings,
        codes: freeze(codes),
        byLength: lengthBuckets(wordPostings.terms),
        termSet: new Set(wordPostings.terms),
        vocabulary: vocabularyOf(spellings),
        facts: {
          brand: Int32Array.from(brand),
          stock: Uint8Array.from(stock),
          stockStatuses,
          price: Float64Array.from(price),
          vat: Float32Array.from(vat),
          orderable: Uint8Array.from(orderable),
          nameOrder: Int32Array.from(rankNames(names, locale)),
          brandNames,
        },
        categories: new Map(categoryList.map((c) => [c.id, c])),
      };
    },
  };
}

/**
 * Every product holding a compound word is also posted under each of its parts: all parts known to the
 * whole vocabulary, else cut at the one known part (the other part becomes a term of its own).
 */
function postCompoundParts(words: PostingMap, candidates: Map<string, string>, locale: LocaleCode): void {
  const has = (term: string) => words.has(term);
  const additions: [string, Map<number, number>][] = [];
  for (const [folded, term] of candidates) {
    const known = (part: string) => knownPart(part, locale, has) !== null;
    const parts = splitCompound(folded, locale, known) ?? splitAtKnownPart(folded, locale, known);
    if (!parts) continue;
    const postings = words.get(term)!;
    for (const part of parts) {
      const partTerm = knownPart(part, locale, has) ?? termOf(part, locale);
      if (partTerm !== term) additions.push([partTerm, postings]);
    }
  }
  for (const [partTerm, postings] of additions) for (const [doc, w] of postings) post(words, partTerm, doc, w * COMPOUND_FACTOR);
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

function freeze(m: PostingMap): Postings {
  const terms = [...m.keys()].sort();
  const start = new Int32Array(terms.length + 1);
  let total = 0;
  terms.forEach((t, i) => {
    start[i] = total;
    total += m.get(t)!.size;
  });
  start[terms.length] = total;
  const doc = new Int32Array(total);
  const weight = new Float32Array(total);
  terms.forEach((t, i) => {
    let k = start[i];
    for (const [d, w] of m.get(t)!) {
      doc[k] = d;
      weight[k] = w;
      k++;
    }
  });
  return { terms, start, doc, weight };
}

function lengthBuckets(terms: readonly string[]): Int32Array[] {
  const lists: number[][] = [];
  terms.forEach((t, i) => {
    if (isCode(t)) return;
    (lists[t.length] ??= []).push(i);
  });
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
