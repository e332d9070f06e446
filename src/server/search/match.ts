/**
 * Matching and ranking over a SearchIndex (docs/product/search.md#ranking). Every query word must match in
 * some field; a product's score sums, per query word, its best field weight × how the word matched:
 * - the same term (folded and stemmed: `grasklippare` is `gräsklipparen`) × 1, a code (model, SKU) exactly
 *   + EXACT_CODE_BONUS so an exact model or SKU ranks first;
 * - a term the word is a prefix of (search as you type) × PREFIX_FACTOR;
 * - a code the word is inside of (`796` in ST796X) × CODE_INFIX_FACTOR;
 * - a term within the word's typo allowance (lib/search/typo.ts) × TYPO_FACTOR[edits];
 * - a compound the catalogue writes apart (`dammsugarfilter` → dammsugar + filter): every part must match,
 *   the weakest part counts × COMPOUND_FACTOR.
 * Ties go to the lower product id (stable paging). Work is proportional to the postings touched: one scratch
 * array per index is reused (JavaScript runs one match at a time) and only touched slots are reset.
 */
import { queryTokens } from '#lib/search/tokenize.ts';
import { foldTerm } from '#lib/search/fold.ts';
import { allowedTypos, editDistance } from '#lib/search/typo.ts';
import { isCode, MIN_CODE_FRAGMENT } from '#lib/search/terms.ts';
import { MIN_COMPOUND, splitCompound } from '#lib/search/compound.ts';
import { processCache } from '#server/cache/process-cache.ts';
import { COMPOUND_FACTOR, knownPart, termOf, type SearchIndex } from './index-builder.ts';
import { takeTerm } from './postings.ts';
import { compareTerm, indexOfTerm, lowerBoundTerm, termAt, termCount, termStartsWith } from './term-table.ts';

export const PREFIX_FACTOR = 0.6;
export const CODE_INFIX_FACTOR = 0.7;
export const TYPO_FACTOR = [1, 0.5, 0.35] as const;
export const EXACT_CODE_BONUS = 2;

export interface Matches {
  /** Document numbers, best first. */
  docs: Int32Array;
  /** Score of docs[i], same order. */
  scores: Float32Array;
}

/** The documents one query word matched, with its best weight in each. */
interface Hits {
  docs: Int32Array;
  weights: Float32Array;
}

interface Scratch {
  best: Float32Array;
  touched: Int32Array;
}
const scratchOf = processCache('search-scratch.v2', () => new WeakMap<SearchIndex, Scratch>());

function scratchFor(index: SearchIndex): Scratch {
  let s = scratchOf.get(index);
  if (!s) scratchOf.set(index, (s = { best: new Float32Array(index.ids.length), touched: new Int32Array(index.ids.length) }));
  return s;
}

/** Runs fill with a take(doc, weight) that keeps each document's best weight, and returns what was taken. */
function collect(s: Scratch, fill: (take: (doc: number, weight: number) => void) => void): Hits {
  let count = 0;
  const { best, touched } = s;
  fill((d, w) => {
    if (best[d] === 0) touched[count++] = d;
    if (w > best[d]) best[d] = w;
  });
  const docs = touched.slice(0, count);
  const weights = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    weights[i] = best[docs[i]];
    best[docs[i]] = 0;
  }
  return { docs, weights };
}

/** What one query word matches, without compound splitting. */
function wordHits(index: SearchIndex, s: Scratch, token: string): Hits {
  const folded = foldTerm(token, index.locale);
  const code = isCode(folded);
  const term = termOf(folded, index.locale);
  const { words, codes } = index;
  return collect(s, (take) => {
    for (const list of [words, index.codeWords]) {
      const count = termCount(list.terms);
      for (let t = lowerBoundTerm(list.terms, term); t < count && termStartsWith(list.terms, t, term); t++) {
        const exact = compareTerm(list.terms, t, term) === 0;
        takeTerm(list, t, exact ? 1 : PREFIX_FACTOR, exact && code ? EXACT_CODE_BONUS : 0, take);
      }
    }
    if (code && folded.length >= MIN_CODE_FRAGMENT) {
      const codeCount = termCount(codes.terms);
      for (let t = lowerBoundTerm(codes.terms, folded); t < codeCount && termStartsWith(codes.terms, t, folded); t++) {
        takeTerm(codes, t, CODE_INFIX_FACTOR, 0, take);
      }
    }
    const typos = allowedTypos(token);
    if (typos === 0) return;
    for (let n = Math.max(1, term.length - typos); n <= term.length + typos && n < index.byLength.length; n++) {
      for (const t of index.byLength[n]) {
        const edits = editDistance(term, termAt(words.terms, t), typos);
        if (edits > 0 && edits <= typos) takeTerm(words, t, TYPO_FACTOR[edits], 0, take);
      }
    }
  });
}

/** The documents holding every part of a compound query word, each weighted by its weakest part. */
function compoundHits(index: SearchIndex, s: Scratch, token: string): Hits | null {
  const folded = foldTerm(token, index.locale);
  if (isCode(folded) || folded.length < MIN_COMPOUND) return null;
  const has = (term: string) => indexOfTerm(index.words.terms, term) >= 0;
  const parts = splitCompound(folded, index.locale, (part) => knownPart(part, index.locale, has) !== null);
  if (!parts) return null;
  // the documents holding every part so far, each with its weakest part's weight (intersected through the scratch)
  let docs: Int32Array<ArrayBufferLike> | null = null;
  let weights: Float32Array<ArrayBufferLike> = new Float32Array(0);
  for (const part of parts) {
    const hits = wordHits(index, s, part);
    if (!docs) {
      docs = hits.docs;
      weights = hits.weights;
      continue;
    }
    for (let i = 0; i < hits.docs.length; i++) s.best[hits.docs[i]] = hits.weights[i];
    let kept = 0;
    for (let i = 0; i < docs.length; i++) {
      const w = s.best[docs[i]];
      if (w > 0) {
        docs[kept] = docs[i];
        weights[kept++] = Math.min(weights[i], w);
      }
    }
    for (let i = 0; i < hits.docs.length; i++) s.best[hits.docs[i]] = 0;
    docs = docs.subarray(0, kept);
    weights = weights.subarray(0, kept);
  }
  return { docs: docs!, weights: Float32Array.from(weights, (w) => w * COMPOUND_FACTOR) };
}

/** Hits of one query word: the word itself, or its compound parts, whichever matches a product better. */
function queryWordHits(index: SearchIndex, s: Scratch, token: string): Hits {
  const compound = compoundHits(index, s, token);
  const direct = wordHits(index, s, token);
  if (!compound || compound.docs.length === 0) return direct;
  return collect(s, (take) => {
    for (const h of [direct, compound]) for (let i = 0; i < h.docs.length; i++) take(h.docs[i], h.weights[i]);
  });
}

/**
 * All matches, best first. With `top`, only the first `top` are in order (the rest follow in no order): a page of
 * search-as-you-type needs its 24 best, not the order of 200,000 matches (docs/adr/0030-search-at-scale.md).
 */
export function matchQuery(index: SearchIndex, query: string, top = Infinity): Matches {
  const tokens = queryTokens(query);
  if (tokens.length === 0 || index.ids.length === 0) return { docs: new Int32Array(0), scores: new Float32Array(0) };
  const s = scratchFor(index);

  // Candidates from the first word, then narrowed by each further word.
  const first = queryWordHits(index, s, tokens[0]);
  let cand = first.docs;
  let score = first.weights;
  for (const token of tokens.slice(1)) {
    if (cand.length === 0) break;
    const hits = queryWordHits(index, s, token);
    for (let i = 0; i < hits.docs.length; i++) s.best[hits.docs[i]] = hits.weights[i];
    let kept = 0;
    for (let i = 0; i < cand.length; i++) {
      const w = s.best[cand[i]];
      if (w > 0) {
        cand[kept] = cand[i];
        score[kept] = score[i] + w;
        kept++;
      }
    }
    for (let i = 0; i < hits.docs.length; i++) s.best[hits.docs[i]] = 0;
    cand = cand.subarray(0, kept);
    score = score.subarray(0, kept);
  }

  // Sort keys: (higher score first, then lower doc) packed in one float64 so the native typed sort does the work.
  const n = cand.length;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = (1e6 - Math.round(score[i] * 1000)) * 2 ** 21 + cand[i];
  const ordered = Math.min(top, n);
  if (ordered < n) {
    selectSmallest(keys, ordered);
    keys.subarray(0, ordered).sort();
  } else keys.sort();
  const docs = new Int32Array(n);
  const scores = new Float32Array(n);
  for (let j = 0; j < ordered; j++) {
    const high = Math.floor(keys[j] / 2 ** 21);
    docs[j] = keys[j] - high * 2 ** 21;
    scores[j] = (1e6 - high) / 1000;
  }
  if (ordered < n) {
    // the rest in candidate order: every key above the last one placed (keys are distinct)
    const last = ordered > 0 ? keys[ordered - 1] : -Infinity;
    let k = ordered;
    for (let i = 0; i < n; i++) {
      const rounded = Math.round(score[i] * 1000);
      if ((1e6 - rounded) * 2 ** 21 + cand[i] > last) {
        docs[k] = cand[i];
        scores[k++] = rounded / 1000;
      }
    }
  }
  return { docs, scores };
}

/** Moves the k smallest keys (distinct) to keys[0 .. k), in no order (quickselect, median of three). */
export function selectSmallest(keys: Float64Array, k: number): void {
  let lo = 0;
  let hi = keys.length - 1;
  while (hi > lo && k > lo && k <= hi) {
    const mid = (lo + hi) >>> 1;
    const a = keys[lo];
    const b = keys[mid];
    const c = keys[hi];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keys[i] < pivot) i++;
      while (keys[j] > pivot) j--;
      if (i <= j) {
        const t = keys[i];
        keys[i] = keys[j];
        keys[j] = t;
        i++;
        j--;
      }
    }
    // keys[lo .. j] ≤ pivot ≤ keys[i .. hi]
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}
