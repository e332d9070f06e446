import { describe, expect, it } from 'vitest';
import { translator, STRINGS } from '#lib/market/i18n.ts';
import { LOCALE_CODES } from '#lib/market/locales.ts';

describe('layout rules', () => {
  it('has the same translation keys in every locale', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' && !Array.isArray(v) ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    const sv = keys(STRINGS.sv).sort();
    for (const c of LOCALE_CODES) expect(keys(STRINGS[c]).sort(), c).toEqual(sv);
    expect(translator('fi')('layout.cart')).toBe('Ostoskori');
    expect(translator('nl')('errors.not_found')).toBe('This page could not be found');
  });
});

describe('translator', () => {
  it('answers a remembered key as i18next does, and calls with options afresh', () => {
    const t = translator('sv');
    expect(translator('sv')).toBe(t);
    const first = t('layout.cart');
    expect(t('layout.cart')).toBe(first);
    expect(translator('fi')('layout.cart')).toBe('Ostoskori');
    expect(t('layout.cart')).not.toBe('Ostoskori');
    // a missing key answers itself, each time
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('no.such.key')).toBe('no.such.key');
    // a key naming a group of strings answers the group (returnObjects), never remembered
    const months = t('layout', { returnObjects: true }) as unknown as Record<string, unknown>;
    expect(months.cart).toBe(first);
  });

  it('interpolates every call with options', () => {
    const t = translator('sv');
    const key = Object.entries(STRINGS.sv.brand).find(([, v]) => typeof v === 'string' && v.includes('{{brand}}'))?.[0];
    expect(key).toBeDefined();
    expect(t(`brand.${key}`, { brand: 'AEG' })).toContain('AEG');
    expect(t(`brand.${key}`, { brand: 'Bosch' })).toContain('Bosch');
    expect(t(`brand.${key}`, { brand: 'Bosch' })).not.toContain('AEG');
  });
});
