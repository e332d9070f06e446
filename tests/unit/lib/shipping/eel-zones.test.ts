import { describe, expect, it } from 'vitest';
import type { LocaleCode } from '#lib/market/locales.ts';
import { eelZoneFor, type EelZoneResult } from '#lib/shipping/eel-zones.ts';

const zone = (z: 'standard' | 'remote' | 'island'): EelZoneResult => ({ ok: true, zone: z });
const NOT_SERVED: EelZoneResult = { ok: false, reason: 'not_served' };
const BAD_CODE: EelZoneResult = { ok: false, reason: 'postal_code' };

describe('eelZoneFor', () => {
  it.each<[LocaleCode, string, EelZoneResult]>([
    ['sv', '111 22', zone('standard')], // Stockholm
    ['sv', '791 31', zone('standard')], // Falun
    ['sv', '802 50', zone('remote')], // Gävle, southernmost Norrland
    ['sv', '981 38', zone('remote')], // Kiruna
    ['sv', '621 41', zone('island')], // Visby, Gotland
    ['sv', '386 30', zone('standard')], // Öland has a bridge
    ['no', '0150', zone('standard')], // Oslo
    ['no', '7010', zone('standard')], // Trondheim
    ['no', '8006', zone('remote')], // Bodø
    ['no', '9008', zone('remote')], // Tromsø
    ['no', '9171', NOT_SERVED], // Longyearbyen, Svalbard
    ['no', '8099', NOT_SERVED], // Jan Mayen
    ['da', '1050', zone('standard')], // Copenhagen
    ['da', '8000', zone('standard')], // Aarhus
    ['da', '3700', zone('island')], // Rønne, Bornholm
    ['da', '5970', zone('island')], // Ærøskøbing
    ['da', '8305', zone('island')], // Samsø
    ['da', '3900', NOT_SERVED], // Nuuk, Greenland
    ['fi', '00100', zone('standard')], // Helsinki
    ['fi', '90100', zone('remote')], // Oulu
    ['fi', '96100', zone('remote')], // Rovaniemi
    ['fi', '22100', NOT_SERVED], // Mariehamn, Åland
    ['nl', '1011 AB', zone('standard')], // Amsterdam
    ['nl', '1791 AB', zone('island')], // Den Burg, Texel
    ['nl', '8881 AA', zone('island')], // West-Terschelling
    ['nl', '9163 GA', zone('island')], // Nes, Ameland
    ['nl', '9166 AB', zone('island')], // Schiermonnikoog
    ['nl', '1789 AA', zone('standard')], // Den Helder, the ferry's mainland side
    ['sv', '1234', BAD_CODE],
    ['nl', '1011', BAD_CODE],
  ])('%s %s', (locale, postalCode, expected) => {
    expect(eelZoneFor(locale, postalCode)).toEqual(expected);
  });
});
