import { describe, expect, it } from 'vitest';
import { assembleIndex, type IndexProduct, type IndexProductCategory } from '#server/search/index-builder.ts';
import { matchQuery } from '#server/search/match.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

/** A small catalogue per language: product rows and their main category by name. */
function indexOf(locale: LocaleCode, rows: (IndexProduct & { category: string })[]) {
  const cats: IndexProductCategory[] = rows.map((r, i) => ({ product_id: r.id, category_id: 100 + i, main: 1, name: r.category }));
  const index = assembleIndex(locale, 'v1', rows, cats, []);
  return (q: string) => Array.from(matchQuery(index, q).docs).map((d) => index.ids[d]);
}

const sv = indexOf('sv', [
  { id: 1, sku: 'STI-000174', name: 'Filter till Stiga dammsugare ST796X', brand: 'Stiga', category: 'Dammsugarfilter' },
  { id: 2, sku: 'HUS-000175', name: 'Kniv till Husqvarna gräsklippare HU310', brand: 'Husqvarna', category: 'Gräsklipparknivar' },
  { id: 3, sku: 'ELE-000176', name: 'Dammsugarpåse till Electrolux EL796S', brand: 'Electrolux', category: 'Dammsugarpåsar' },
  { id: 4, sku: 'BOS-000177', name: 'Kolfilter till Bosch spisfläkt BO220E', brand: 'Bosch', category: 'Fläktfilter' },
  { id: 5, sku: 'STI-000796', name: 'Remskiva till Stiga gräsklippare ST455', brand: 'Stiga', category: 'Gräsklipparreservdelar' },
]);

describe('forgiving search (Swedish)', () => {
  it('tolerates one typo from five letters and two from nine', () => {
    expect(sv('dammsugre')).toContain(1);
    expect(sv('filtr')).toContain(1);
    expect(sv('gräsklipare')).toEqual(expect.arrayContaining([2, 5]));
  });

  it('needs no diacritics, and takes their ASCII spellings', () => {
    expect(sv('grasklippare')).toEqual(expect.arrayContaining([2, 5]));
    expect(sv('graesklippare')).toEqual(expect.arrayContaining([2, 5]));
    expect(sv('spisflakt')).toEqual([4]);
  });

  it('finds the other forms of a word', () => {
    expect(sv('dammsugaren')).toContain(1);
    expect(sv('filtren')).toEqual(expect.arrayContaining([1, 4]));
  });

  it('splits a compound the catalogue writes apart, and finds a compound by its parts', () => {
    expect(sv('dammsugarfilter')[0]).toBe(1);
    expect(sv('gräsklipparkniv')).toEqual([2]);
    expect(sv('påse dammsugare')).toEqual([3]);
  });

  it('finds a model number by a fragment, and a SKU with or without its separator', () => {
    expect(sv('796')).toEqual(expect.arrayContaining([1, 3, 5]));
    expect(sv('st796')).toContain(1);
    expect(sv('sti000174')).toEqual([1]);
    expect(sv('STI-000174')).toEqual([1]);
    expect(sv('000174')).toEqual([1]);
  });

  it('ranks an exact model or SKU first', () => {
    expect(sv('st796x')[0]).toBe(1);
    expect(sv('STI-000796')[0]).toBe(5);
    expect(sv('stiga st455')[0]).toBe(5);
  });

  it('allows no typo in short words and codes', () => {
    expect(sv('kniw')).toEqual([]);
    expect(sv('st797x')).toEqual([]);
  });
});

describe('forgiving search (the other languages)', () => {
  it('Norwegian: ø spelled o or oe, compounds with a linking e', () => {
    const no = indexOf('no', [
      { id: 1, sku: 'A-1', name: 'Pose til støvsuger', brand: 'Nilfisk', category: 'Støvsugerposer' },
      { id: 2, sku: 'A-2', name: 'Filter til kjøleskap', brand: 'Bosch', category: 'Filtre' },
    ]);
    expect(no('stovsuger')).toEqual([1]);
    expect(no('stoevsugerpose')).toEqual([1]);
    expect(no('kjoleskapfilter')).toEqual([2]);
  });

  it('Danish: æ spelled ae, a typo in a long word', () => {
    const da = indexOf('da', [{ id: 1, sku: 'B-1', name: 'Kniv til plæneklipper', brand: 'Stiga', category: 'Reservedele' }]);
    expect(da('plaeneklipper')).toEqual([1]);
    expect(da('planeklipperkniv')).toEqual([1]);
    expect(da('plæneklpper')).toEqual([1]);
  });

  it('Finnish: inflected forms and dropped dots', () => {
    const fi = indexOf('fi', [{ id: 1, sku: 'C-1', name: 'Pölynimurin suodatin', brand: 'Electrolux', category: 'Suodattimet' }]);
    expect(fi('polynimuri')).toEqual([1]);
    expect(fi('suodattimet')).toEqual([1]);
  });

  it('Dutch: plurals and compounds', () => {
    const nl = indexOf('nl', [{ id: 1, sku: 'D-1', name: 'Zak voor stofzuiger', brand: 'Miele', category: 'Stofzuigerzakken' }]);
    expect(nl('stofzuigers')).toEqual([1]);
    expect(nl('stofzuigerzak')).toEqual([1]);
  });
});
