import { describe, expect, it } from 'vitest';
import type { LocaleCode } from '#lib/market/locales.ts';
import { validateOrganisationNumber } from '#lib/checkout/organisation-number.ts';

/** Published numbers of real organisations (and the registries' own worked examples). */
const VALID: Record<Exclude<LocaleCode, 'nl'>, [input: string, normalized: string][]> = {
  sv: [
    ['556012-5790', '556012-5790'], // AB Volvo
    ['556042-7220', '556042-7220'], // H & M Hennes & Mauritz AB
    ['556703-7485', '556703-7485'], // Spotify AB
    ['202100-5448', '202100-5448'], // Skatteverket
    ['556047-3521', '556047-3521'], // Bankgirocentralen BGC AB
  ],
  no: [
    ['923609016', '923609016'], // Equinor ASA
    ['984851006', '984851006'], // DNB Bank ASA
    ['974760673', '974760673'], // Brønnøysundregistrene
  ],
  da: [
    ['13748136', '13748136'], // Erhvervsstyrelsen's modulus 11 worked example
    ['24256790', '24256790'], // Novo Nordisk A/S
    ['61056416', '61056416'], // Carlsberg A/S
    ['54562519', '54562519'], // LEGO A/S
    ['22756214', '22756214'], // A.P. Møller - Mærsk A/S
  ],
  fi: [
    ['0112038-9', '0112038-9'], // Nokia Oyj
    ['1927400-1', '1927400-1'], // Kone Oyj
  ],
};

/** Every number made by changing exactly one digit of `value`. */
function oneDigitChanges(value: string): string[] {
  const out: string[] = [];
  [...value].forEach((char, i) => {
    if (!/\d/.test(char)) return;
    for (let d = 0; d <= 9; d++) if (String(d) !== char) out.push(value.slice(0, i) + d + value.slice(i + 1));
  });
  return out;
}

describe('validateOrganisationNumber', () => {
  for (const [locale, cases] of Object.entries(VALID) as [LocaleCode, [string, string][]][]) {
    it(`${locale}: accepts published numbers and rejects every one-digit change`, () => {
      for (const [input, normalized] of cases) {
        expect(validateOrganisationNumber(locale, input), input).toEqual({ ok: true, normalized });
        for (const changed of oneDigitChanges(input)) expect(validateOrganisationNumber(locale, changed).ok, changed).toBe(false);
      }
    });
  }

  it('sv: normalises the compact and 12-digit forms', () => {
    expect(validateOrganisationNumber('sv', '5560125790')).toEqual({ ok: true, normalized: '556012-5790' });
    expect(validateOrganisationNumber('sv', ' 556012 5790 ')).toEqual({ ok: true, normalized: '556012-5790' });
    expect(validateOrganisationNumber('sv', '165560125790')).toEqual({ ok: true, normalized: '556012-5790' });
    expect(validateOrganisationNumber('sv', '16556012-5790')).toEqual({ ok: true, normalized: '556012-5790' });
  });
  it('sv: accepts a sole trader’s personnummer or samordningsnummer, with a plausible date', () => {
    expect(validateOrganisationNumber('sv', '811218-9876')).toEqual({ ok: true, normalized: '811218-9876' });
    expect(validateOrganisationNumber('sv', '19811218-9876')).toEqual({ ok: true, normalized: '811218-9876' });
    expect(validateOrganisationNumber('sv', '198112189876')).toEqual({ ok: true, normalized: '811218-9876' });
    expect(validateOrganisationNumber('sv', '811218+9876')).toEqual({ ok: true, normalized: '811218+9876' });
    expect(validateOrganisationNumber('sv', '811278-9873')).toEqual({ ok: true, normalized: '811278-9873' }); // day 18 + 60
    expect(validateOrganisationNumber('sv', '811318-9876')).toEqual({ ok: false, reason: 'format' }); // month 13
    expect(validateOrganisationNumber('sv', '811200-9876')).toEqual({ ok: false, reason: 'format' }); // day 00
    expect(validateOrganisationNumber('sv', '21811218-9876')).toEqual({ ok: false, reason: 'format' });
    expect(validateOrganisationNumber('sv', '16811218-9876')).toEqual({ ok: false, reason: 'format' }); // 16 is for entities
  });
  it('sv: reports format and check digit errors apart', () => {
    expect(validateOrganisationNumber('sv', '556012-5791')).toEqual({ ok: false, reason: 'check_digit' });
    expect(validateOrganisationNumber('sv', '55601-25790')).toEqual({ ok: false, reason: 'format' });
    expect(validateOrganisationNumber('sv', '556012+5790')).toEqual({ ok: false, reason: 'format' }); // '+' is for persons
    expect(validateOrganisationNumber('sv', '195560125790')).toEqual({ ok: false, reason: 'format' });
    expect(validateOrganisationNumber('sv', 'SE556012579001')).toEqual({ ok: false, reason: 'format' }); // a VAT number
  });
  it('no: ignores spaces; check digit 10 makes a number impossible', () => {
    expect(validateOrganisationNumber('no', '923 609 016')).toEqual({ ok: true, normalized: '923609016' });
    expect(validateOrganisationNumber('no', '923609017')).toEqual({ ok: false, reason: 'check_digit' });
    expect(validateOrganisationNumber('no', '92360901')).toEqual({ ok: false, reason: 'format' });
    // 40000000: weighted sum 4 × 3 = 12, remainder 1 → check 10: no last digit can be right.
    for (let d = 0; d <= 9; d++) expect(validateOrganisationNumber('no', `40000000${d}`).ok).toBe(false);
  });
  it('da: eight digits, modulus 11 over all of them', () => {
    expect(validateOrganisationNumber('da', '1374 8136')).toEqual({ ok: true, normalized: '13748136' });
    expect(validateOrganisationNumber('da', '13748137')).toEqual({ ok: false, reason: 'check_digit' });
    expect(validateOrganisationNumber('da', 'DK13748136')).toEqual({ ok: false, reason: 'format' });
    expect(validateOrganisationNumber('da', '1374813')).toEqual({ ok: false, reason: 'format' });
  });
  it('fi: hyphen optional, old 6-digit numbers padded, remainder 1 impossible', () => {
    expect(validateOrganisationNumber('fi', '01120389')).toEqual({ ok: true, normalized: '0112038-9' });
    expect(validateOrganisationNumber('fi', '112038-9')).toEqual({ ok: true, normalized: '0112038-9' });
    expect(validateOrganisationNumber('fi', '0112038-8')).toEqual({ ok: false, reason: 'check_digit' });
    expect(validateOrganisationNumber('fi', '0112038')).toEqual({ ok: false, reason: 'format' });
    expect(validateOrganisationNumber('fi', '0112038-')).toEqual({ ok: false, reason: 'format' });
    // 0000003: 3 × 4 = 12, remainder 1 → no valid check digit exists.
    for (let d = 0; d <= 9; d++) expect(validateOrganisationNumber('fi', `0000030-${d}`).ok).toBe(false);
  });
  it('nl: KvK numbers are checked for format only (no check digit)', () => {
    expect(validateOrganisationNumber('nl', '69599084')).toEqual({ ok: true, normalized: '69599084' });
    expect(validateOrganisationNumber('nl', '0123 4567')).toEqual({ ok: true, normalized: '01234567' });
    expect(validateOrganisationNumber('nl', '1234567')).toEqual({ ok: false, reason: 'format' });
    expect(validateOrganisationNumber('nl', '1234567a')).toEqual({ ok: false, reason: 'format' });
    expect(validateOrganisationNumber('nl', '123456789')).toEqual({ ok: false, reason: 'format' });
  });
});
