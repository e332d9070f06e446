/**
 * Typo tolerance (docs/product/search.md#typos): how many edits a query term may carry, and a bounded
 * edit distance (insertions, deletions, substitutions and swapped neighbours each count one).
 * Like the established engines: none below 5 letters and none in numbers or model codes, one from 5
 * letters, two from 9.
 */
const DIGIT = /\d/;

export function allowedTypos(term: string): 0 | 1 | 2 {
  if (DIGIT.test(term)) return 0;
  const n = [...term].length;
  return n >= 9 ? 2 : n >= 5 ? 1 : 0;
}

/**
 * Optimal-string-alignment distance between a and b when it is at most max, else max + 1. Work is
 * O(|a| · (2·max + 1)): only the band of the matrix that can stay within max is filled.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  const over = max + 1;
  let prev2 = new Array<number>(lb + 1).fill(over);
  let prev = new Array<number>(lb + 1);
  let cur = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j <= max ? j : over;
  for (let i = 1; i <= la; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(lb, i + max);
    cur.fill(over);
    cur[0] = i <= max ? i : over;
    let rowMin = cur[0];
    for (let j = from; j <= to; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        d = Math.min(d, prev2[j - 2] + 1);
      }
      cur[j] = Math.min(d, over);
      if (cur[j] < rowMin) rowMin = cur[j];
    }
    if (rowMin > max) return over;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[lb], over);
}
