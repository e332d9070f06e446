import { describe, expect, it } from 'vitest';
import { assembleIndex } from '#server/search/index-builder.ts';
import { completions, didYouMean } from '#server/search/suggest.ts';

const index = assembleIndex(
  'sv',
  'v1',
  [
    { id: 1, sku: 'STI-000174', name: 'Filter till Stiga dammsugare ST796X', brand: 'Stiga' },
    { id: 2, sku: 'ELE-000176', name: 'Dammsugarpåse till Electrolux dammsugare EL796S', brand: 'Electrolux' },
    { id: 3, sku: 'ELE-000177', name: 'Dammsugarpåse till Electrolux dammsugare EL800', brand: 'Electrolux' },
    { id: 4, sku: 'HUS-000178', name: 'Kniv till Husqvarna gräsklippare HU310', brand: 'Husqvarna' },
  ],
  [],
  [],
);

describe('completions', () => {
  it('completes the word being typed with catalogue words, commonest first, in their own spelling', () => {
    expect(completions(index, 'damm')).toEqual(['dammsugare', 'dammsugarpåse']);
    expect(completions(index, 'gras')).toEqual(['gräsklippare']);
    expect(completions(index, 'electrolux damm')).toEqual(['electrolux dammsugare', 'electrolux dammsugarpåse']);
  });
  it('offers only completions that find products, and none for codes', () => {
    expect(completions(index, 'husqvarna damm')).toEqual([]);
    expect(completions(index, 'st79')).toEqual([]);
  });
});

describe('did you mean', () => {
  it('corrects words the typo allowance does not reach, when the correction finds products', () => {
    expect(didYouMean(index, 'kniw')).toBe('kniv');
    expect(didYouMean(index, 'stgia kniw')).toBe(null); // stiga + kniv find nothing together
    expect(didYouMean(index, 'husqvarna kniw')).toBe('husqvarna kniv');
  });
  it('offers nothing when the query finds products, or nothing is near', () => {
    expect(didYouMean(index, 'dammsugare')).toBeNull();
    expect(didYouMean(index, 'xylofon')).toBeNull();
  });
});
