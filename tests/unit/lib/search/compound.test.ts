import { describe, expect, it } from 'vitest';
import { splitAtKnownPart, splitCompound } from '#lib/search/compound.ts';
import { normalizeTerm } from '#lib/search/terms.ts';
import { foldTerm } from '#lib/search/fold.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

/** A vocabulary as the index would hold it: the catalogue's words, folded and stemmed. */
function vocabulary(locale: LocaleCode, words: string[]) {
  const stems = new Set(words.map((w) => normalizeTerm(w, locale)));
  return (part: string) => stems.has(normalizeTerm(part, locale)) || stems.has(normalizeTerm(`${part}e`, locale));
}

describe('splitCompound', () => {
  it('splits a Swedish compound whose modifier drops its final e', () => {
    const known = vocabulary('sv', ['filter', 'till', 'dammsugare', 'slang']);
    expect(splitCompound(foldTerm('dammsugarfilter', 'sv'), 'sv', known)).toEqual(['dammsugar', 'filter']);
    expect(splitCompound('dammsugarslang', 'sv', known)).toEqual(['dammsugar', 'slang']);
  });

  it('allows the linking s, and three parts', () => {
    const known = vocabulary('sv', ['arbete', 'bänk', 'lampa', 'kyl', 'skåp', 'dörr']);
    expect(splitCompound('arbetsbank', 'sv', known)).toEqual(['arbet', 'bank']);
    expect(splitCompound(foldTerm('kylskåpsdörr', 'sv'), 'sv', known)).toEqual(['kyl', 'skap', 'dorr']);
  });

  it('splits Norwegian, Danish, Dutch and Finnish compounds with their linking elements', () => {
    expect(
      splitCompound(
        'stovsugerpose',
        'no',
        vocabulary(
          'no',
          ['støvsuger', 'pose'].map((w) => foldTerm(w, 'no')),
        ),
      ),
    ).toEqual(['stovsuger', 'pose']);
    expect(splitCompound('opvaskemaskine', 'da', vocabulary('da', ['opvask', 'maskine']))).toEqual(['opvask', 'maskine']);
    expect(splitCompound('stofzuigerzak', 'nl', vocabulary('nl', ['stofzuiger', 'zak']))).toEqual(['stofzuiger', 'zak']);
    expect(
      splitCompound(
        'polynimuri',
        'fi',
        vocabulary(
          'fi',
          ['pöly', 'imuri'].map((w) => foldTerm(w, 'fi')),
        ),
      ),
    ).toEqual(['poly', 'imuri']);
  });

  it('leaves words alone that do not split into known parts', () => {
    const known = vocabulary('sv', ['filter', 'pump']);
    expect(splitCompound('filter', 'sv', known)).toBeNull();
    expect(splitCompound('xyzfilter', 'sv', known)).toBeNull();
    expect(splitCompound('pump', 'sv', known)).toBeNull();
  });
});

describe('splitAtKnownPart (catalogue side)', () => {
  const known = vocabulary('sv', ['filter', 'dammsugare']);
  it('cuts at a known head, or at a known modifier, dropping a linking element', () => {
    expect(splitAtKnownPart('kolfilter', 'sv', known)).toEqual(['kol', 'filter']);
    expect(splitAtKnownPart(foldTerm('dammsugarpåse', 'sv'), 'sv', known)).toEqual(['dammsugar', 'pase']);
    expect(splitAtKnownPart('filtersbyte', 'sv', known)).toEqual(['filter', 'byte']);
  });
  it('leaves a word alone when no part is known or the other part is too short', () => {
    expect(splitAtKnownPart('remskiva', 'sv', known)).toBeNull();
    expect(splitAtKnownPart('filterx', 'sv', known)).toBeNull();
  });
});
