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
 * Ties go to the lower product id (stable paging). Work is proportional to the postings touched: the scratch
 * arrays are reused from query to query (JavaScript runs one match at a time) and only touched slots are reset.
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
  /** Document numbers, best first: every match, or with `top` only the first `top`. */
  docs: Int32Array;
  /** Score of docs[i], same order. */
  scores: Float32Array;
  /** How many documents matched. */
  total: number;
}

/** Document arrays of the process's largest index, reused from query to query. */
interface Buffers {
  docs: Int32Array;
  weights: Float32Array;
}

/** The documents one query word matched, with its best weight in each (views into pooled buffers). */
interface Hits {
  docs: Int32Array;
  weights: Float32Array;
  buffers: Buffers;
}

/**
 * One HitSink and a pool of hit buffers for the whole process, sized to its largest index: JavaScript runs one
 * match at a time, only touched slots of `best` are reset, and a query's hit lists go back to the pool when it is
 * done. A query at 1M that allocated arrays per match (tens of MiB for a short prefix) made the collector mark
 * the whole heap over and over under load (docs/adr/0030-search-at-scale.md#throughput); at most three lists are
 * held at once (the candidates, a compound word's parts intersected so far and its next part).
 */
interface Scratch extends HitSink {
  free: Buffers[];
}
const scratch = processCache('search-match-scratch.v1', (): Scratch => ({
  best: new Float32Array(0),
  touched: new Int32Array(0),
  count: 0,
  free: [],
}));

function scratchFor(index: SearchIndex): Scratch {
  const n = index.ids.length;
  if (scratch.best.length < n) {
    scratch.best = new Float32Array(n);
    scratch.touched = new Int32Array(n);
    scratch.free = [];
  }
  return scratch;
}

function release(s: Scratch, h: Hits): void {
  if (h.buffers.docs.length >= s.best.length) s.free.push(h.buffers);
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
  return drain(s);
}

/** What the scratch holds, as a list of its own; the scratch is left zeroed. */
function drain(s: Scratch): Hits {
  const count = s.count;
  const { best, touched } = s;
  const buffers = s.free.pop() ?? { docs: new Int32Array(best.length), weights: new Float32Array(best.length) };
  const docs = buffers.docs.subarray(0, count);
  const weights = buffers.weights.subarray(0, count);
  for (let i = 0; i < count; i++) {
    const d = touched[i];
    docs[i] = d;
    weights[i] = best[d];
    best[d] = 0;
  }
  return { docs, weights, buffers };
}

/** What one query word matches, without compound splitting. */
function wordHits(index: SearchIndex, s: Scratch, token: string): Hits {
  return collect(s, () => sinkWord(index, s, token));
}

/** Takes what one query word matches (without compound splitting) into the scratch. */
function sinkWord(index: SearchIndex, s: Scratch, token: string): void {
  const folded = foldTerm(token, index.locale);
  const code = isCode(folded);
  const term = termOf(folded, index.locale);
  const { words, codes } = index;
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
}

/** The documents holding every part of a compound query word, each weighted by its weakest part. */
function compoundHits(index: SearchIndex, s: Scratch, token: string): Hits | null {
  const folded = foldTerm(token, index.locale);
  if (isCode(folded) || folded.length < MIN_COMPOUND) return null;
  const has = (term: string) => indexOfTerm(index.words.terms, term) >= 0;
  const parts = splitCompound(folded, index.locale, (part) => knownPart(part, index.locale, has) !== null);
  if (!parts) return null;
  // the documents holding every part so far, each with its weakest part's weight (intersected through the scratch)
  let acc: Hits | null = null;
  for (const part of parts) {
    const hits = wordHits(index, s, part);
    if (!acc) {
      acc = hits;
      continue;
    }
    const { docs, weights }: Hits = acc;
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
    release(s, hits);
    acc = { docs: docs.subarray(0, kept), weights: weights.subarray(0, kept), buffers: acc.buffers };
  }
  for (let i = 0; i < acc!.weights.length; i++) acc!.weights[i] = acc!.weights[i] * COMPOUND_FACTOR;
  return acc;
}

/**
 * Takes one query word's hits into the scratch (from empty): the word itself or its compound parts, whichever matches
 * a product better. A further word of the query is read from the scratch where it lies (no list of its own).
 */
function sinkQueryWord(index: SearchIndex, s: Scratch, token: string): void {
  const compound = compoundHits(index, s, token);
  s.count = 0;
  sinkWord(index, s, token);
  if (!compound) return;
  for (let i = 0; i < compound.docs.length; i++) take(s, compound.docs[i], compound.weights[i]);
  release(s, compound);
}

/**
 * All matches, best first. With `top`, only the first `top` (in order) and how many matched: a page of
 * search-as-you-type needs its 24 best, not the order of 200,000 matches (docs/adr/0030-search-at-scale.md).
 * `visit` sees every matched document (in no order) before this returns; the array is reused afterwards.
 */
export function matchQuery(index: SearchIndex, query: string, top = Infinity, visit?: (docs: Int32Array) => void): Matches {
  const tokens = queryTokens(query);
  if (tokens.length === 0 || index.ids.length === 0) {
    visit?.(new Int32Array(0));
    return { docs: new Int32Array(0), scores: new Float32Array(0), total: 0 };
  }
  const s = scratchFor(index);

  // Candidates from the first word, then narrowed by each further word.
  sinkQueryWord(index, s, tokens[0]);
  const first = drain(s);
  let cand = first.docs;
  let score = first.weights;
  for (const token of tokens.slice(1)) {
    if (cand.length === 0) break;
    sinkQueryWord(index, s, token);
    let kept = 0;
    for (let i = 0; i < cand.length; i++) {
      const w = s.best[cand[i]];
      if (w > 0) {
        cand[kept] = cand[i];
        score[kept] = score[i] + w;
        kept++;
      }
    }
    for (let i = 0; i < s.count; i++) s.best[s.touched[i]] = 0;
    cand = cand.subarray(0, kept);
    score = score.subarray(0, kept);
  }

  visit?.(cand);
  const n = cand.length;
  // Sort keys: (higher score first, then lower doc) packed in one float64; the first `top` kept by a bounded heap
  // (lib/search/smallest-keys.ts), or every key sorted by the native typed sort.
  let keys: Float64Array;
  if (top < n) {
    keys = new Float64Array(top);
    let size = 0;
    for (let i = 0; i < n; i++) {
      const key = keyOf(score[i], cand[i]);
      // most keys lose to the heap's root: the call is skipped for them
      if (size < top || key < keys[0]) size = offerSmallest(keys, size, key);
    }
  } else {
    keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = keyOf(score[i], cand[i]);
  }
  release(s, first);
  keys.sort();
  const docs = new Int32Array(keys.length);
  const scores = new Float32Array(keys.length);
  for (let j = 0; j < keys.length; j++) {
    const high = Math.floor(keys[j] / KEY_SCALE);
    docs[j] = keys[j] - high * KEY_SCALE;
    scores[j] = (1e6 - high) / 1000;
  }
  return { docs, scores, total: n };
}

/** Documents below 2^21 (2,097,152) fit beside the score in one float64 key. */
const KEY_SCALE = 2 ** 21;
/** Higher (rounded) score first, then the lower document: ascending keys are the ranking. */
const keyOf = (score: number, doc: number) => (1e6 - Math.round(score * 1000)) * KEY_SCALE + doc;
