import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DOMAINS,
  isValidMobile,
  isValidPostalCode,
  LOCALE_CODES,
  LOCALES,
  localeByStoreId,
  localeForHost,
  parseDomains,
} from '#lib/market/locales.ts';

describe('locale table', () => {
  it('has store ids, iso codes and currencies of the spec', () => {
    const rows = LOCALE_CODES.map((c) => [c, LOCALES[c].storeID, LOCALES[c].iso, LOCALES[c].currency]);
    expect(rows).toEqual([
      ['sv', 1, 'sv-SE', 'SEK'],
      ['no', 3, 'nb-NO', 'NOK'],
      ['da', 5, 'da-DK', 'DKK'],
      ['fi', 4, 'fi-FI', 'EUR'],
      ['nl', 6, 'nl-NL', 'EUR'],
    ]);
  });

  it('every locale has every field of the Locale entity', () => {
    const fields = [
      'code',
      'name',
      'storeID',
      'iso',
      'countryCode',
      'currency',
      'country',
      'paymentMethods',
      'postalCodeRegex',
      'mobileRegex',
      'brand',
      'logo',
      'altLogo',
      'privacyURL',
      'allowExVAT',
      'showPriceDisclaimer',
      'showShippingInfo',
    ];
    for (const c of LOCALE_CODES) {
      for (const f of fields) expect(LOCALES[c], `${c}.${f}`).toHaveProperty(f);
      expect(LOCALES[c].paymentMethods.length).toBeGreaterThan(0);
      for (const m of LOCALES[c].paymentMethods)
        expect(m).toEqual({ name: expect.any(String), width: expect.any(Number), height: expect.any(Number) });
    }
  });

  it('finds a locale by store id', () => {
    expect(localeByStoreId(4)?.code).toBe('fi');
    expect(localeByStoreId(2)).toBeUndefined();
  });

  it('hides nl from the language switcher only', () => {
    expect(LOCALE_CODES.filter((c) => !LOCALES[c].inSwitcher)).toEqual(['nl']);
  });

  it('validates postal codes per storefront', () => {
    expect(isValidPostalCode('sv', '123 45')).toBe(true);
    expect(isValidPostalCode('sv', '12345')).toBe(true);
    expect(isValidPostalCode('sv', '1234')).toBe(false);
    expect(isValidPostalCode('no', '0150')).toBe(true);
    expect(isValidPostalCode('no', '01500')).toBe(false);
    expect(isValidPostalCode('da', '2100')).toBe(true);
    expect(isValidPostalCode('fi', '00100')).toBe(true);
    expect(isValidPostalCode('fi', '0010')).toBe(false);
    expect(isValidPostalCode('nl', '1012 AB')).toBe(true);
    expect(isValidPostalCode('nl', '1012AB')).toBe(true);
    expect(isValidPostalCode('nl', '1012 A1')).toBe(false);
  });

  it('validates mobile prefixes per storefront', () => {
    expect(isValidMobile('sv', '0701234567')).toBe(true);
    expect(isValidMobile('sv', '0801234567')).toBe(false);
    for (const c of ['no', 'da', 'fi', 'nl'] as const) {
      expect(isValidMobile(c, '41234567'), c).toBe(true);
      expect(isValidMobile(c, '91234567'), c).toBe(true);
      expect(isValidMobile(c, '21234567'), c).toBe(false);
    }
  });

  it('maps hosts to storefronts and refuses others', () => {
    expect(localeForHost('fi.localhost:4321', DEFAULT_DOMAINS)).toBe('fi');
    expect(localeForHost('NL.LOCALHOST', DEFAULT_DOMAINS)).toBe('nl');
    expect(localeForHost('evil.example', DEFAULT_DOMAINS)).toBeUndefined();
    expect(localeForHost(undefined, DEFAULT_DOMAINS)).toBeUndefined();
    const prod = parseDomains('sv=reservdelar.se, fi=varaosat.fi');
    expect(prod.sv).toBe('reservdelar.se');
    expect(prod.no).toBe('no.localhost');
    expect(localeForHost('varaosat.fi', prod)).toBe('fi');
  });
});
