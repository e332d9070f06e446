/**
 * Suggestions from the index's vocabulary (docs/product/search.md#suggestions), pure:
 * - completions of the word being typed ("damm" → dammsugare, dammsugarpåse), commonest first, each kept
 *   only when the completed query finds products;
 * - did you mean: for a query that finds nothing, each word replaced by the nearest catalogue word (at most
 *   two edits, commonest first), offered when the corrected query finds products.
 */
import { queryTokens } from '#lib/search/tokenize.ts';
import { foldTerm } from '#lib/search/fold.ts';
import { editDistance } from '#lib/search/typo.ts';
import { isCode } from '#lib/search/terms.ts';
import { lowerBound, type SearchIndex } from './index-builder.ts';
import { matchQuery } from './match.ts';

export const MAX_COMPLETIONS = 5;
/** Did-you-mean reaches further than matching does (two edits even in short words): it only proposes. */
export const SUGGEST_EDITS = 2;
const MIN_SUGGEST_LENGTH = 3;

export function completions(index: SearchIndex, query: string, limit = MAX_COMPLETIONS): string[] {
  const words = queryTokens(query);
  const last = words.at(-1);
  if (!last || isCode(last)) return [];
  const prefix = foldTerm(last, index.locale);
  const { folded, display, count } = index.vocabulary;
  const candidates: number[] = [];
  for (let i = lowerBound(folded, prefix); i < folded.length && folded[i].startsWith(prefix); i++) {
    if (folded[i] !== prefix) candidates.push(i);
  }
  candidates.sort((a, b) => count[b] - count[a] || (folded[a] < folded[b] ? -1 : 1));
  const head = words.slice(0, -1).join(' ');
  const out: string[] = [];
  for (const i of candidates) {
    const text = head ? `${head} ${display[i]}` : display[i];
    if (matchQuery(index, text, 0).total > 0) out.push(text);
    if (out.length >= limit) break;
  }
  return out;
}

/** The nearest catalogue word to a word, or null when none is within SUGGEST_EDITS. */
function nearestWord(index: SearchIndex, word: string): string | null {
  const target = foldTerm(word, index.locale);
  const { folded, display, count } = index.vocabulary;
  let best = -1;
  let bestEdits = SUGGEST_EDITS + 1;
  for (let i = 0; i < folded.length; i++) {
    const f = folded[i];
    if (Math.abs(f.length - target.length) > SUGGEST_EDITS) continue;
    const edits = editDistance(target, f, SUGGEST_EDITS);
    if (edits < bestEdits || (edits === bestEdits && best >= 0 && count[i] > count[best])) [best, bestEdits] = [i, edits];
  }
  return best >= 0 && bestEdits <= SUGGEST_EDITS ? display[best] : null;
}

export function didYouMean(index: SearchIndex, query: string): string | null {
  const words = queryTokens(query);
  if (words.length === 0 || matchQuery(index, query, 0).total > 0) return null;
  let changed = false;
  const corrected = words.map((w) => {
    if (isCode(w) || w.length < MIN_SUGGEST_LENGTH) return w;
    // A word that finds products on its own stays as typed.
    if (matchQuery(index, w, 0).total > 0) return w;
    const near = nearestWord(index, w);
    if (!near || near === w) return w;
    changed = true;
    return near;
  });
  if (!changed) return null;
  const text = corrected.join(' ');
  return matchQuery(index, text, 0).total > 0 ? text : null;
}
