/**
 * One term pipeline for the catalogue and the query (docs/product/search.md#language): a lower-cased
 * token is folded (diacritics and their ASCII spellings), then stemmed in the storefront's language.
 * Model numbers and SKUs (tokens holding a digit) keep their letters and are also matched inside:
 * `796` finds ST796X, `sti000174` finds STI-000174.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { foldTerm } from './fold.ts';
import { stemTerm } from './stem.ts';

const DIGIT = /\d/;
/** Infix matches on codes start from this many characters: shorter fragments match far too much. */
export const MIN_CODE_FRAGMENT = 3;

export const isCode = (term: string): boolean => DIGIT.test(term);

export function normalizeTerm(token: string, locale: LocaleCode): string {
  return stemTerm(foldTerm(token, locale), locale);
}

/**
 * A code written with separators ("STI-000174", "ST 796 X") as one term: the letters and digits of the
 * run joined, lower-cased. Null when the text holds no digit or is a single token already.
 */
export function joinedCode(tokens: readonly string[]): string | null {
  if (tokens.length < 2 || !tokens.some(isCode)) return null;
  return tokens.join('');
}

/** The proper suffixes of a code of at least MIN_CODE_FRAGMENT characters: a prefix of one is an infix of the code. */
export function codeSuffixes(code: string): string[] {
  const out: string[] = [];
  for (let i = 1; i <= code.length - MIN_CODE_FRAGMENT; i++) out.push(code.slice(i));
  return out;
}
