/**
 * Sorted terms packed into one string with offsets (pure; docs/adr/0030-search-at-scale.md): at 1,000,000 products a
 * storefront has millions of terms (every model number, SKU and their suffixes), and a heap string each cost about
 * 28 bytes plus the characters; packed they cost a character (one byte for Latin-1 text) plus a 4-byte offset, and
 * load as one string instead of millions. Comparisons read characters in place (charCodeAt), like JavaScript's
 * `<` on strings (UTF-16 code units), so the order is the one `Array.prototype.sort` gave.
 */
export interface TermTable {
  text: string;
  /** Term i is text[offsets[i] .. offsets[i + 1]). */
  offsets: Int32Array;
}

export function packTerms(sorted: readonly string[]): TermTable {
  const offsets = new Int32Array(sorted.length + 1);
  let at = 0;
  sorted.forEach((t, i) => {
    offsets[i] = at;
    at += t.length;
  });
  offsets[sorted.length] = at;
  return { text: flat(sorted.join('')), offsets };
}

/** One flat string: a joined string is a tree of pieces until first read; reading it flattens it once. */
export function flat(s: string): string {
  if (s.length > 0) s.charCodeAt(s.length >> 1);
  return s;
}

export const termCount = (t: TermTable): number => t.offsets.length - 1;
export const termLength = (t: TermTable, i: number): number => t.offsets[i + 1] - t.offsets[i];
export const termAt = (t: TermTable, i: number): string => t.text.slice(t.offsets[i], t.offsets[i + 1]);

/** Term i compared with s: negative, 0 or positive (code-unit order). */
export function compareTerm(t: TermTable, i: number, s: string): number {
  const from = t.offsets[i];
  const n = t.offsets[i + 1] - from;
  const m = Math.min(n, s.length);
  for (let k = 0; k < m; k++) {
    const d = t.text.charCodeAt(from + k) - s.charCodeAt(k);
    if (d !== 0) return d;
  }
  return n - s.length;
}

export function termStartsWith(t: TermTable, i: number, prefix: string): boolean {
  const from = t.offsets[i];
  if (t.offsets[i + 1] - from < prefix.length) return false;
  for (let k = 0; k < prefix.length; k++) if (t.text.charCodeAt(from + k) !== prefix.charCodeAt(k)) return false;
  return true;
}

/** First index whose term is ≥ s. */
export function lowerBoundTerm(t: TermTable, s: string): number {
  let lo = 0;
  let hi = termCount(t);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareTerm(t, mid, s) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The term's index, or -1. */
export function indexOfTerm(t: TermTable, s: string): number {
  const i = lowerBoundTerm(t, s);
  return i < termCount(t) && compareTerm(t, i, s) === 0 ? i : -1;
}

/** The text as bytes for the stored index: Latin-1 when every character fits (one byte each), else UTF-16. */
export function termTextBytes(t: TermTable): { encoding: 'latin1' | 'utf16le'; bytes: Buffer } {
  // eslint-disable-next-line no-control-regex
  const latin1 = !/[^\u0000-\u00ff]/.test(t.text);
  const encoding = latin1 ? 'latin1' : 'utf16le';
  return { encoding, bytes: Buffer.from(t.text, encoding) };
}
