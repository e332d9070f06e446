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
