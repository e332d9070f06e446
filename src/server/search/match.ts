/**
 * Matching and ranking over a SearchIndex: every query token must match (as a whole token or a prefix
 * of one) in some field; a product's score sums, per query token, its best field weight × 1 for an
 * exact token or × PREFIX_FACTOR for a prefix. Ties go to the lower product id (stable paging).
 * Work is proportional to the postings touched, not to the catalogue: scratch arrays are reused
 * (JavaScript runs one match at a time) and only touched slots are reset.
 */
import { queryTokens } from '#lib/search/tokenize.ts';
import { lowerBound, type SearchIndex } from './search-index.ts';
import { processCache } from '#server/cache/process-cache.ts';

export const PREFIX_FACTOR = 0.6;

export interface Matches {
  /** Document numbers, best first. */
  docs: Int32Array;
  /** Score of docs[i], same order. */
  scores: Float32Array;
}

const scratch = processCache('search-scratch.v1', () => new WeakMap<SearchIndex, { best: Float32Array; touched: Int32Array }>());

/** Best weight per document for one query token; returns how many documents it touched (listed in touched). */
function scoreToken(index: SearchIndex, q: string, best: Float32Array, touched: Int32Array): number {
  let count = 0;
  for (let t = lowerBound(index.tokens, q); t < index.tokens.length && index.tokens[t].startsWith(q); t++) {
    const factor = index.tokens[t] === q ? 1 : PREFIX_FACTOR;
    for (let k = index.postStart[t]; k < index.postStart[t + 1]; k++) {
      const d = index.postDoc[k];
      const w = index.postWeight[k] * factor;
      if (best[d] === 0) touched[count++] = d;
      if (w > best[d]) best[d] = w;
    }
  }
  return count;
}

export function matchQuery(index: SearchIndex, query: string): Matches {
  const n = index.ids.length;
  const tokens = queryTokens(query);
  if (tokens.length === 0 || n === 0) return { docs: new Int32Array(0), scores: new Float32Array(0) };
  let s = scratch.get(index);
  if (!s) scratch.set(index, (s = { best: new Float32Array(n), touched: new Int32Array(n) }));
  const { best, touched } = s;

  // Candidates from the first token, then narrowed by each further token.
  const count = scoreToken(index, tokens[0], best, touched);
  let cand = touched.slice(0, count);
  let score = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    score[i] = best[cand[i]];
    best[cand[i]] = 0;
  }
  for (const q of tokens.slice(1)) {
    if (cand.length === 0) break;
    const hit = scoreToken(index, q, best, touched);
    let kept = 0;
    for (let i = 0; i < cand.length; i++) {
      const w = best[cand[i]];
      if (w > 0) {
        cand[kept] = cand[i];
        score[kept] = score[i] + w;
        kept++;
      }
    }
    for (let i = 0; i < hit; i++) best[touched[i]] = 0;
    cand = cand.subarray(0, kept);
    score = score.subarray(0, kept);
  }

  // Sort keys: (higher score first, then lower doc) packed in one float64 so the native typed sort does the work.
  const keys = new Float64Array(cand.length);
  for (let i = 0; i < cand.length; i++) keys[i] = (1e6 - Math.round(score[i] * 1000)) * 2 ** 21 + cand[i];
  keys.sort();
  const docs = new Int32Array(keys.length);
  const scores = new Float32Array(keys.length);
  for (let j = 0; j < keys.length; j++) {
    docs[j] = keys[j] % 2 ** 21;
    scores[j] = 1e6 - Math.floor(keys[j] / 2 ** 21);
  }
  for (let j = 0; j < scores.length; j++) scores[j] /= 1000;
  return { docs, scores };
}
