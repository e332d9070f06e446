import { describe, expect, it } from 'vitest';
import { addressLine, inEuEea, missingSafety, resolveSafety, shownSafety, type SafetyParty } from '#lib/catalogue/product-safety.ts';

const party = (name: string, country: string, contact: { email?: string; url?: string } = { email: 'safety@x.example' }): SafetyParty => ({
  name,
  address: { street: 'Gatan 1', postal_code: '111 11', city: 'Stad', country },
  ...contact,
});
const warnings = { sv: 'Varning', fi: 'Varoitus' };

describe('product safety (GPSR art. 19)', () => {
  it('knows the EU/EEA: member states and Norway, Iceland, Liechtenstein, not Switzerland or the UK', () => {
    for (const c of ['SE', 'DK', 'FI', 'NL', 'DE', 'NO', 'IS', 'LI', 'se']) expect(inEuEea(c), c).toBe(true);
    for (const c of ['CH', 'GB', 'US', 'KR', 'TR']) expect(inEuEea(c), c).toBe(false);
  });

  it('takes each field from the product when it sets it, else from the brand; warnings per language', () => {
    const brand = { manufacturer: party('Brand AB', 'SE'), warnings: { sv: 'Märkets varning', fi: 'Merkin varoitus' } };
    const r = resolveSafety(brand, { warnings: { sv: 'Produktens varning' } });
    expect(r.manufacturer?.name).toBe('Brand AB');
    expect(r.warnings).toEqual({ sv: 'Produktens varning', fi: 'Merkin varoitus' });
    expect(resolveSafety(brand, { manufacturer: party('Other GmbH', 'DE') }).manufacturer?.name).toBe('Other GmbH');
    expect(resolveSafety(null, null)).toEqual({ manufacturer: null, responsible_person: null, warnings: {} });
  });

  it('is complete with an EU manufacturer, its postal and electronic address and a warning per sold language', () => {
    expect(missingSafety({ manufacturer: party('A', 'SE'), warnings }, ['sv', 'fi'])).toEqual([]);
    expect(missingSafety({ manufacturer: party('A', 'SE', { url: 'https://a.example' }), warnings }, ['sv'])).toEqual([]);
  });

  it('names what is missing', () => {
    expect(missingSafety({}, ['sv'])).toEqual(['manufacturer', 'safety information (sv)']);
    expect(missingSafety({ manufacturer: party('A', 'SE', {}), warnings }, ['sv', 'da'])).toEqual([
      'manufacturer e-mail or web address',
      'safety information (da)',
    ]);
    const noStreet = { ...party('A', 'SE'), address: { street: ' ', postal_code: '1', city: 'c', country: 'SE' } };
    expect(missingSafety({ manufacturer: noStreet, warnings }, ['sv'])).toEqual(['manufacturer postal address']);
  });

  it('needs an EU responsible person established in the EU/EEA when the manufacturer is outside', () => {
    const korea = party('Maker Co.', 'KR');
    expect(missingSafety({ manufacturer: korea, warnings }, ['sv'])).toEqual([
      'EU responsible person (the manufacturer is outside the EU/EEA)',
    ]);
    expect(missingSafety({ manufacturer: korea, responsible_person: party('Rep B.V.', 'NL'), warnings }, ['sv'])).toEqual([]);
    expect(missingSafety({ manufacturer: korea, responsible_person: party('Rep AG', 'CH'), warnings }, ['sv'])).toEqual([
      'EU responsible person established in the EU/EEA',
    ]);
    expect(missingSafety({ manufacturer: korea, responsible_person: party('Rep B.V.', 'NL', {}), warnings }, ['sv'])).toEqual([
      'EU responsible person e-mail or web address',
    ]);
  });

  it('shows one storefront its language, or nothing when incomplete there', () => {
    const info = { manufacturer: party('A', 'SE'), warnings };
    expect(shownSafety(info, 'fi')).toEqual({ manufacturer: info.manufacturer, responsible_person: null, warning: 'Varoitus' });
    expect(shownSafety(info, 'nl')).toBeNull();
    expect(addressLine(info.manufacturer.address)).toBe('Gatan 1, 111 11 Stad, SE');
  });
});
