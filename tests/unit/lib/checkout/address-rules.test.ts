import { describe, expect, it } from 'vitest';
import { normalizeMobileNumber, normalizePostalCode } from '#lib/checkout/address-rules.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

const ok = (normalized: string) => ({ ok: true, normalized });
const FORMAT = { ok: false, reason: 'format' };

describe('normalizePostalCode', () => {
  const cases: [LocaleCode, string, ReturnType<typeof ok> | typeof FORMAT][] = [
    ['sv', '123 45', ok('12345')],
    ['sv', '12345', ok('12345')],
    ['sv', ' 981 38 ', ok('98138')],
    ['sv', '012 34', FORMAT],
    ['sv', '1234', FORMAT],
    ['sv', '123-45', FORMAT],
    ['no', '0150', ok('0150')],
    ['no', '9008', ok('9008')],
    ['no', '015', FORMAT],
    ['no', '01500', FORMAT],
    ['da', '1050', ok('1050')],
    ['da', '37 00', FORMAT],
    ['fi', '00100', ok('00100')],
    ['fi', '0010', FORMAT],
    ['nl', '1234ab', ok('1234 AB')],
    ['nl', '1234 AB', ok('1234 AB')],
    ['nl', ' 1011  ab ', ok('1011 AB')],
    ['nl', '0123 AB', FORMAT],
    ['nl', '1234 A', FORMAT],
    ['nl', '1234 SS', FORMAT], // SA, SD and SS are never issued
    ['nl', '1234 sd', FORMAT],
    ['nl', '1234 SA', FORMAT],
    ['nl', '1234 SB', ok('1234 SB')],
  ];
  it.each(cases)('%s %j', (locale, input, expected) => {
    expect(normalizePostalCode(locale, input)).toEqual(expected);
  });
});

describe('normalizeMobileNumber', () => {
  const cases: [LocaleCode, string, ReturnType<typeof ok> | typeof FORMAT][] = [
    ['sv', '070-123 45 67', ok('0701234567')],
    ['sv', '+46 70 123 45 67', ok('0701234567')],
    ['sv', '0046701234567', ok('0701234567')],
    ['sv', '+46 (0)70-123 45 67', ok('0701234567')],
    ['sv', '+460701234567', ok('0701234567')],
    ['sv', '08-123 456 78', FORMAT], // a Stockholm landline
    ['sv', '070123456', FORMAT],
    ['sv', '+47 412 34 567', FORMAT], // another country's prefix
    ['no', '412 34 567', ok('41234567')],
    ['no', '+47 912 34 567', ok('91234567')],
    ['no', '0047 41234567', ok('41234567')],
    ['no', '22 12 34 56', FORMAT], // an Oslo landline
    ['no', '4123456', FORMAT],
    ['da', '20 12 34 56', ok('20123456')],
    ['da', '+45 42 12 34 56', ok('42123456')],
    ['da', '91 23 45 67', ok('91234567')],
    ['da', '0123 4567', FORMAT],
    ['da', '1234 5678', FORMAT],
    ['fi', '040 123 4567', ok('0401234567')],
    ['fi', '+358 40 123 4567', ok('0401234567')],
    ['fi', '+358 50 1234567', ok('0501234567')],
    ['fi', '0457 1234567', ok('04571234567')],
    ['fi', '09 1234 5678', FORMAT], // a Helsinki landline
    ['fi', '051 1234567', FORMAT],
    ['nl', '06-12345678', ok('0612345678')],
    ['nl', '+31 6 1234 5678', ok('0612345678')],
    ['nl', '+31 (0)6 12345678', ok('0612345678')],
    ['nl', '020-1234567', FORMAT], // an Amsterdam landline
    ['nl', '0612345', FORMAT],
    ['nl', '+32 470 12 34 56', FORMAT],
  ];
  it.each(cases)('%s %j', (locale, input, expected) => {
    expect(normalizeMobileNumber(locale, input)).toEqual(expected);
  });
  it('rejects letters and stray symbols', () => {
    expect(normalizeMobileNumber('sv', '070 123 45 6x')).toEqual(FORMAT);
    expect(normalizeMobileNumber('no', '(412) 34 567')).toEqual(FORMAT);
    expect(normalizeMobileNumber('nl', '')).toEqual(FORMAT);
  });
});
