import { describe, expect, it } from 'vitest';
import { codeSuffixes, joinedCode, normalizeTerm } from '#lib/search/terms.ts';

describe('normalizeTerm', () => {
  it('gives the forms of a word one term, with or without diacritics', () => {
    expect(normalizeTerm('gräsklipparen', 'sv')).toBe(normalizeTerm('grasklippare', 'sv'));
    expect(normalizeTerm('filtren', 'sv')).toBe(normalizeTerm('filtr', 'sv'));
    expect(normalizeTerm('støvsugeren', 'da')).toBe(normalizeTerm('stovsuger', 'da'));
    expect(normalizeTerm('stofzuigers', 'nl')).toBe(normalizeTerm('stofzuiger', 'nl'));
    expect(normalizeTerm('pölynimurin', 'fi')).toBe(normalizeTerm('polynimuri', 'fi'));
    expect(normalizeTerm('filteret', 'no')).toBe(normalizeTerm('filter', 'no'));
  });

  it('never stems a code', () => {
    expect(normalizeTerm('st796x', 'sv')).toBe('st796x');
    expect(normalizeTerm('000174', 'fi')).toBe('000174');
  });
});

describe('codes', () => {
  it('joins a code written with separators', () => {
    expect(joinedCode(['sti', '000174'])).toBe('sti000174');
    expect(joinedCode(['filter', 'till'])).toBeNull();
    expect(joinedCode(['st796x'])).toBeNull();
  });

  it('lists the suffixes a fragment query is matched against', () => {
    expect(codeSuffixes('st796x')).toEqual(['t796x', '796x', '96x']);
    expect(codeSuffixes('796')).toEqual([]);
  });
});
