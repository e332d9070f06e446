import { describe, expect, it } from 'vitest';
import { foldTerm } from '#lib/search/fold.ts';

describe('foldTerm', () => {
  it('meets the diacritic, the dropped dots and the ASCII spelling in Swedish', () => {
    expect(foldTerm('gräsklippare', 'sv')).toBe('grasklippare');
    expect(foldTerm('grasklippare', 'sv')).toBe('grasklippare');
    expect(foldTerm('graesklippare', 'sv')).toBe('grasklippare');
    expect(foldTerm('kylskåp', 'sv')).toBe(foldTerm('kylskaap', 'sv'));
    expect(foldTerm('överhettning', 'sv')).toBe(foldTerm('oeverhettning', 'sv'));
  });

  it('folds ø and æ with their ASCII spellings in Norwegian and Danish', () => {
    expect(foldTerm('støvsuger', 'no')).toBe('stovsuger');
    expect(foldTerm('stoevsuger', 'no')).toBe('stovsuger');
    expect(foldTerm('plæneklipper', 'da')).toBe(foldTerm('plaeneklipper', 'da'));
    expect(foldTerm('plæneklipper', 'da')).toBe('planeklipper');
  });

  it('keeps Finnish long vowels and Dutch oe/aa, dropping only marks', () => {
    expect(foldTerm('pölynimuri', 'fi')).toBe('polynimuri');
    expect(foldTerm('maalaus', 'fi')).toBe('maalaus');
    expect(foldTerm('boek', 'nl')).toBe('boek');
    expect(foldTerm('straat', 'nl')).toBe('straat');
    expect(foldTerm('café', 'nl')).toBe('cafe');
    expect(foldTerm('reïniger', 'nl')).toBe('reiniger');
  });

  it('leaves codes and plain words alone', () => {
    expect(foldTerm('st796x', 'sv')).toBe('st796x');
    expect(foldTerm('filter', 'da')).toBe('filter');
  });
});
