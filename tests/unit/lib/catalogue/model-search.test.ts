/** Ranking appliance models for a typed query, and their names per storefront (src/lib/catalogue/model-search.ts). */
import { describe, expect, it } from 'vitest';
import { buildModelTrigrams, modelName, parseModelQuery, rankModels, type ModelSearchEntry } from '#lib/catalogue/model-search.ts';
import { normalizeNumber } from '#lib/catalogue/model-number.ts';
import { STRINGS } from '#lib/market/i18n.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

const entry = (number: string, brand: string, type: string, aliases: string[] = []): ModelSearchEntry => ({
  numbers: [normalizeNumber(number), ...aliases.map(normalizeNumber)],
  brand,
  brandKey: brand.toLowerCase(),
  typeKey: type.toLowerCase(),
});
const ENTRIES = [
  entry('SMS46GI01E', 'Bosch', 'Diskmaskin', ['SMS46GI01E/32']),
  entry('SMS46', 'Siemens', 'Diskmaskin'),
  entry('XSMS46A', 'Bosch', 'Tvättmaskin'),
  entry('EL102S', 'Electrolux', 'Dammsugare', ['Z1850']),
  entry('SMS46GI01F', 'Bosch', 'Diskmaskin'),
  entry('LG851E', 'LG', 'Gräsklippare'),
  entry('SMS46GI', 'Fisher Paykel', 'Diskmaskin'),
];
const vocabulary = {
  brands: [...new Set(ENTRIES.map((e) => e.brandKey))],
  types: [...new Set(ENTRIES.map((e) => e.typeKey))],
};
const TRIGRAMS = buildModelTrigrams(ENTRIES);
/** The ranked numbers; the trigram map must give exactly what comparing every entry gives. */
const numbersFor = (query: string, limit = 10) => {
  const q = parseModelQuery(query, vocabulary, 'sv');
  const scanned = rankModels(ENTRIES, q, limit);
  expect(rankModels(ENTRIES, q, limit, TRIGRAMS)).toEqual(scanned);
  return scanned.map((i) => ENTRIES[i].numbers[0]);
};

describe('model search ranking', () => {
  it('ranks a whole number over numbers it begins over numbers it occurs in; ties by shorter number, then brand', () => {
    expect(numbersFor('sms46')).toEqual(['SMS46', 'SMS46GI', 'SMS46GI01E', 'SMS46GI01F', 'XSMS46A']);
    expect(numbersFor('SMS46GI01E')[0]).toBe('SMS46GI01E');
    expect(numbersFor('sms46', 2)).toEqual(['SMS46', 'SMS46GI']);
  });

  it('matches typed with spaces, dashes and in any case', () => {
    expect(numbersFor('sms 46gi-01e')).toEqual(['SMS46GI01E']);
    expect(numbersFor('el 102 s')).toEqual(['EL102S']);
  });

  it('finds a model by its alias', () => {
    expect(numbersFor('z1850')).toEqual(['EL102S']);
    expect(numbersFor('SMS46GI01E/32')).toEqual(['SMS46GI01E']);
  });

  it('narrows by words naming the brand or the appliance type', () => {
    expect(numbersFor('bosch sms46')).toEqual(['SMS46GI01E', 'SMS46GI01F', 'XSMS46A']);
    expect(numbersFor('sms46 diskmaskin')).toEqual(['SMS46', 'SMS46GI', 'SMS46GI01E', 'SMS46GI01F']);
    expect(numbersFor('Bosch SMS46 Diskmaskin')).toEqual(['SMS46GI01E', 'SMS46GI01F']);
    expect(numbersFor('fisher paykel sms46')).toEqual(['SMS46GI']);
    expect(numbersFor('siemens sms46gi')).toEqual([]);
  });

  it('a brand-like word that is part of the number still finds it whole', () => {
    expect(numbersFor('LG 851E')[0]).toBe('LG851E');
    expect(numbersFor('lg851e')).toEqual(['LG851E']);
  });

  it('needs at least 3 characters of number and finds nothing else', () => {
    expect(numbersFor('sm')).toEqual([]);
    expect(numbersFor('bosch')).toEqual([]);
    expect(numbersFor('bosch diskmaskin')).toEqual([]);
    expect(numbersFor('qqq999')).toEqual([]);
  });

  it('parses the narrowing words out of the query', () => {
    expect(parseModelQuery('Bosch SMS 46 diskmaskin', vocabulary, 'sv')).toEqual({
      whole: 'BOSCHSMS46DISKMASKIN',
      rest: 'SMS46',
      brands: ['bosch'],
      types: ['diskmaskin'],
    });
  });
});

const TYPES: Record<string, string> = {
  sv: 'Diskmaskin',
  no: 'Oppvaskmaskin',
  da: 'Opvaskemaskine',
  fi: 'Astianpesukone',
  nl: 'Vaatwasser',
};

describe('model names per storefront', () => {
  const model = { brand: 'Bosch', number: 'SMS46GI01E', type: 'Diskmaskin' };
  const names = Object.fromEntries(LOCALE_CODES.map((l) => [l, modelName(STRINGS[l].model_search.name, { ...model, type: TYPES[l] }, l)]));
  it('names the model with its brand, number and the appliance type lower-cased', () => {
    expect(names).toEqual({
      sv: 'Reservdelar till Bosch SMS46GI01E diskmaskin',
      no: 'Reservedeler til Bosch SMS46GI01E oppvaskmaskin',
      da: 'Reservedele til Bosch SMS46GI01E opvaskemaskine',
      fi: 'Varaosat: Bosch SMS46GI01E astianpesukone',
      nl: 'Onderdelen voor Bosch SMS46GI01E vaatwasser',
    });
  });
});
