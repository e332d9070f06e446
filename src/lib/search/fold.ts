/**
 * Diacritic folding (docs/product/search.md#language): the catalogue and the query are folded to one
 * spelling on both sides, so `grasklippare`, `graesklippare` and `gräsklippare` meet. Per language:
 * - everywhere: combining marks dropped (ä → a, é → e, ö → o, å → a), ø → o, æ → ae, ß → ss, œ → oe;
 * - Swedish, Norwegian, Danish: the ASCII spellings of å/ä/æ/ö/ø (aa, ae, oe) fold to a and o too.
 *   Finnish keeps aa/oe (long vowels are ordinary Finnish), Dutch keeps oe (boek, goed) and aa (straat).
 */
import type { LocaleCode } from '#lib/market/locales.ts';

const LETTER_SUBSTITUTES: Record<string, string> = { ø: 'o', æ: 'ae', ß: 'ss', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };
const SUBSTITUTE = /[øæßœłđðþ]/g;
const MARKS = /\p{M}+/gu;
const ASCII_SPELLINGS: Partial<Record<LocaleCode, RegExp>> = { sv: /aa|ae|oe/g, no: /aa|ae|oe/g, da: /aa|ae|oe/g };

/** A lower-cased token folded for comparison in the storefront's language. */
export function foldTerm(token: string, locale: LocaleCode): string {
  let s = token.replace(SUBSTITUTE, (c) => LETTER_SUBSTITUTES[c]);
  if (/[^ -~]/.test(s)) s = s.normalize('NFD').replace(MARKS, '').normalize('NFC');
  const ascii = ASCII_SPELLINGS[locale];
  return ascii ? s.replace(ascii, (m) => m[0]) : s;
}
