/**
 * Matching and ranking over a SearchIndex: every query token must match (as a whole token or a prefix
 * of one) in some field; a product's score sums, per query token, its best field weight × 1 for an
 * exact token or × PREFIX_FACTOR for a prefix. Ties go to the lower product id (stable paging).
 */
import { queryTokens } from '../../lib/search/tokenize.ts';
import { lowerBound, type SearchIndex } from './search-index.ts';

export const PREFIX_FACTOR = 0.6;

export interface Matches {
  /** Document numbers, best first. */
  docs: Int32Array;
  /** Score per document number (0 = no match). */
  score: Float32Array;
}

export function matchQuery(index: SearchIndex, query: string): Matches {
  const n = index.ids.length;
  const tokens = queryTokens(query);
  const score = new Float32Array(n);
  if (tokens.length === 0 || n === 0) return { docs: new Int32Array(0), score };
  const hits = new Uint8Array(n);
  const best = new Float32Array(n);
  for (const q of tokens) {
    best.fill(0);
    for (let t = lowerBound(index.tokens, q); t < index.tokens.length && index.tokens[t].startsWith(q); t++) {
      const factor = index.tokens[t] === q ? 1 : PREFIX_FACTOR;
      for (let k = index.postStart[t]; k < index.postStart[t + 1]; k++) {
        const d = index.postDoc[k];
        const w = index.postWeight[k] * factor;
        if (w > best[d]) best[d] = w;
      }
    }
    for (let d = 0; d < n; d++) if (best[d] > 0) { hits[d]++; score[d] += best[d]; }
  }
  let count = 0;
  for (let d = 0; d < n; d++) if (hits[d] === tokens.length) count++; else score[d] = 0;
  // Sort keys: (higher score first, then lower doc) packed in one float64 so the native typed sort does the work.
  const keys = new Float64Array(count);
  let i = 0;
  for (let d = 0; d < n; d++) if (score[d] > 0) keys[i++] = (1e6 - Math.round(score[d] * 1000)) * 2 ** 21 + d;
  keys.sort();
  const docs = new Int32Array(count);
  for (let j = 0; j < count; j++) docs[j] = keys[j] % 2 ** 21;
  return { docs, score };
}
