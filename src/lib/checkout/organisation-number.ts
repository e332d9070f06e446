/**
 * Business registration numbers per storefront country, checked and normalised. Whitespace is
 * ignored everywhere. A passing check digit proves the number is well-formed, not that the
 * business exists (that needs the registry).
 *
 * - sv organisationsnummer: NNNNNN-NNNN, Luhn over all 10 digits. Legal entities have a third digit
 *   ≥ 2. Sole traders (enskild firma) have no number of their own and use the owner's personnummer
 *   (or samordningsnummer), which passes the same Luhn check: we accept both, because sole traders
 *   are a large share of the workshops that buy spare parts. A personnummer must carry a plausible
 *   month and day (day + 60 for samordningsnummer). The 12-digit forms (16NNNNNNNNNN for entities,
 *   YYYYMMDDNNNN for persons) are accepted and shortened; '+' (person aged 100+) is kept.
 * - no organisasjonsnummer: 9 digits, MOD11 weights 3,2,7,6,5,4,3,2; 11 − r, r = 0 → 0, 10 → invalid.
 * - da CVR: 8 digits, weights 2,7,6,5,4,3,2,1 over all digits, sum % 11 == 0 (Erhvervsstyrelsen:
 *   "Alle CVR-numre overholder modulus 11-check").
 * - fi Y-tunnus: 7 digits, '-', check digit; weights 7,9,10,5,8,4,2; r = sum % 11: 0 → 0, 1 → invalid,
 *   else 11 − r. Old 6-digit numbers (written with the hyphen) are padded with a leading 0.
 * - nl KvK-nummer: 8 digits, format only. KvK describes it as a plain sequence number with no check
 *   digit; numbers issued in recent years do not pass the old 11-proof (since about 2016 per our brief),
 *   so applying one would reject real companies.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { isLuhnValid } from './luhn.ts';

export type OrganisationNumberResult = { ok: true; normalized: string } | { ok: false; reason: 'format' | 'check_digit' };

const FORMAT_ERROR = { ok: false, reason: 'format' } as const;
const CHECK_DIGIT_ERROR = { ok: false, reason: 'check_digit' } as const;

export function validateOrganisationNumber(locale: LocaleCode, input: string): OrganisationNumberResult {
  const compact = input.replace(/\s+/g, '');
  switch (locale) {
    case 'sv':
      return swedish(compact);
    case 'no':
      return /^\d{9}$/.test(compact)
        ? checked(compact, mod11CheckDigit(compact.slice(0, 8), [3, 2, 7, 6, 5, 4, 3, 2]) === Number(compact[8]))
        : FORMAT_ERROR;
    case 'da':
      return /^\d{8}$/.test(compact) ? checked(compact, weightedSum(compact, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0) : FORMAT_ERROR;
    case 'fi':
      return finnish(compact);
    case 'nl':
      return /^\d{8}$/.test(compact) ? { ok: true, normalized: compact } : FORMAT_ERROR;
  }
}

function swedish(compact: string): OrganisationNumberResult {
  const match = /^(\d{2})?(\d{6})([-+]?)(\d{4})$/.exec(compact);
  if (!match) return FORMAT_ERROR;
  const [, century = '', first = '', separator = '', last = ''] = match;
  const digits = first + last;
  const isEntity = Number(digits[2]) >= 2;
  if (isEntity) {
    // The 12-digit form of an organisationsnummer is always prefixed 16; '+' is a personnummer thing.
    if ((century !== '' && century !== '16') || separator === '+') return FORMAT_ERROR;
  } else {
    // From a 12-digit number we write '-': choosing '+' for the 100+ would need today's date.
    if ((century !== '' && !['18', '19', '20'].includes(century)) || !plausibleBirthDate(digits)) return FORMAT_ERROR;
  }
  return checked(`${first}${separator === '+' ? '+' : '-'}${last}`, isLuhnValid(digits));
}

function plausibleBirthDate(digits: string): boolean {
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  const dayOfMonth = day > 60 ? day - 60 : day; // samordningsnummer
  return month >= 1 && month <= 12 && dayOfMonth >= 1 && dayOfMonth <= 31;
}

function finnish(compact: string): OrganisationNumberResult {
  // Without the hyphen only the full 8 digits: "0112038" could be an old number or a missing check digit.
  const match = /^(\d{7})-?(\d)$/.exec(compact) ?? /^(\d{6})-(\d)$/.exec(compact);
  if (!match) return FORMAT_ERROR;
  const body = match[1]!.padStart(7, '0');
  const remainder = weightedSum(body, [7, 9, 10, 5, 8, 4, 2]) % 11;
  const check = remainder === 0 ? 0 : remainder === 1 ? -1 : 11 - remainder;
  return checked(`${body}-${match[2]}`, check === Number(match[2]));
}

/** 11 − (sum % 11), 11 → 0; −1 when the remainder makes the number impossible (10). */
function mod11CheckDigit(payload: string, weights: readonly number[]): number {
  const check = 11 - (weightedSum(payload, weights) % 11);
  return check === 11 ? 0 : check === 10 ? -1 : check;
}

function weightedSum(digits: string, weights: readonly number[]): number {
  return weights.reduce((sum, weight, i) => sum + weight * Number(digits[i]), 0);
}

function checked(normalized: string, valid: boolean): OrganisationNumberResult {
  return valid ? { ok: true, normalized } : CHECK_DIGIT_ERROR;
}
