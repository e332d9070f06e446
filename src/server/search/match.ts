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
import { sinkTerm, type HitSink } from './postings.ts';
import { offerSmallest } from '#lib/search/smallest-keys.ts';
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

/** A HitSink per index, reused: JavaScript runs one match at a time, and only touched slots are reset. */
type Scratch = HitSink;
const scratchOf = processCache('search-scratch.v3', () => new WeakMap<SearchIndex, Scratch>());

function scratchFor(index: SearchIndex): Scratch {
  let s = scratchOf.get(index);
  if (!s) scratchOf.set(index, (s = { best: new Float32Array(index.ids.length), touched: new Int32Array(index.ids.length), count: 0 }));
  return s;
}

/** Keeps a document's best weight (as sinkTerm does for a whole posting list). */
function take(s: Scratch, d: number, w: number): void {
  const was = s.best[d];
  if (was === 0) s.touched[s.count++] = d;
  if (w > was) s.best[d] = w;
}

/** Runs fill, which takes into the scratch (sinkTerm, take), and returns what was taken; the scratch is left zeroed. */
function collect(s: Scratch, fill: () => void): Hits {
  s.count = 0;
  fill();
  const count = s.count;
  const { best, touched } = s;
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
  return collect(s, () => {
    for (const list of [words, index.codeWords]) {
      const count = termCount(list.terms);
      for (let t = lowerBoundTerm(list.terms, term); t < count && termStartsWith(list.terms, t, term); t++) {
        const exact = compareTerm(list.terms, t, term) === 0;
        sinkTerm(list, t, exact ? 1 : PREFIX_FACTOR, exact && code ? EXACT_CODE_BONUS : 0, s);
      }
    }
    if (code && folded.length >= MIN_CODE_FRAGMENT) {
      const codeCount = termCount(codes.terms);
      for (let t = lowerBoundTerm(codes.terms, folded); t < codeCount && termStartsWith(codes.terms, t, folded); t++) {
        sinkTerm(codes, t, CODE_INFIX_FACTOR, 0, s);
      }
    }
    const typos = allowedTypos(token);
    if (typos === 0) return;
    for (let n = Math.max(1, term.length - typos); n <= term.length + typos && n < index.byLength.length; n++) {
      for (const t of index.byLength[n]) {
        const edits = editDistance(term, termAt(words.terms, t), typos);
        if (edits > 0 && edits <= typos) sinkTerm(words, t, TYPO_FACTOR[edits], 0, s);
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
  return collect(s, () => {
    for (const h of [direct, compound]) for (let i = 0; i < h.docs.length; i++) take(s, h.docs[i], h.weights[i]);
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

  const n = cand.length;
  if (top < n) return firstInOrder(s, cand, score, top);
  // Sort keys: (higher score first, then lower doc) packed in one float64 so the native typed sort does the work.
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = keyOf(score[i], cand[i]);
  keys.sort();
  const docs = new Int32Array(n);
  const scores = new Float32Array(n);
  for (let j = 0; j < n; j++) {
    const high = Math.floor(keys[j] / KEY_SCALE);
    docs[j] = keys[j] - high * KEY_SCALE;
    scores[j] = (1e6 - high) / 1000;
  }
  return { docs, scores };
}

/** Documents below 2^21 (2,097,152) fit beside the score in one float64 key. */
const KEY_SCALE = 2 ** 21;
/** Higher (rounded) score first, then the lower document: ascending keys are the ranking. */
const keyOf = (score: number, doc: number) => (1e6 - Math.round(score * 1000)) * KEY_SCALE + doc;

/**
 * The first `top` matches in order, the rest after them in no order, rearranged in place (cand and score are this
 * query's own arrays): one pass keeps the `top` smallest keys in a heap (lib/search/smallest-keys.ts), a second
 * moves the others to the back. No array per match is allocated (docs/adr/0030-search-at-scale.md#throughput).
 */
function firstInOrder(s: Scratch, cand: Int32Array, score: Float32Array, top: number): Matches {
  const n = cand.length;
  const heap = new Float64Array(top);
  let size = 0;
  for (let i = 0; i < n; i++) {
    const key = keyOf(score[i], cand[i]);
    // most keys lose to the heap's root: the call is skipped for them
    if (size < top || key < heap[0]) size = offerSmallest(heap, size, key);
  }
  heap.sort();
  // the chosen marked in the scratch (all zero between queries), the others moved to the back in their order
  for (let j = 0; j < top; j++) s.best[heap[j] % KEY_SCALE] = 1;
  let back = n;
  for (let i = n - 1; i >= 0; i--) {
    if (s.best[cand[i]] === 0) {
      back--;
      cand[back] = cand[i];
      score[back] = score[i];
    }
  }
  for (let j = 0; j < top; j++) {
    const high = Math.floor(heap[j] / KEY_SCALE);
    const doc = heap[j] - high * KEY_SCALE;
    s.best[doc] = 0;
    cand[j] = doc;
    score[j] = (1e6 - high) / 1000;
  }
  return { docs: cand, scores: score };
}
