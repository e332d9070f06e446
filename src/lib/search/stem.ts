/**
 * Stemming per storefront language with the Snowball stemmers (docs/product/search.md#language):
 * `filtret`, `filtren` and `filter` share a stem, so a query matches the catalogue's other forms.
 * Terms holding a digit are model numbers or SKUs and are never stemmed. A Snowball stemmer strips one
 * suffix layer per call (Norwegian `filteret` → `filter`, but `filter` → `filt`): it is applied until the
 * stem stops changing, so every form of a word ends on the same stem.
 */
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import type { LocaleCode } from '#lib/market/locales.ts';

const STEMMERS: Record<LocaleCode, (word: string) => string> = { sv: swedish, no: norwegian, da: danish, fi: finnish, nl: dutch };
const DIGIT = /\d/;

export function stemTerm(term: string, locale: LocaleCode): string {
  if (term.length < 3 || DIGIT.test(term)) return term;
  const stem = STEMMERS[locale];
  let current = term;
  for (let i = 0; i < 3; i++) {
    const next = stem(current);
    if (next === current || next.length < 3) break;
    current = next;
  }
  return current;
}
