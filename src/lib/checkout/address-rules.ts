/**
 * Postal code and mobile number rules per storefront, with normalisation to the form we store.
 *
 * Postal codes (input trimmed, whitespace between the groups optional):
 * - sv: 3 + 2 digits, first digit 1–9 → '12345'   - no, da: 4 digits → '0150'
 * - fi: 5 digits → '00100'                          - nl: 4 digits (1–9 first) + 2 letters → '1234 AB';
 *   PostNL never issues the letter pairs SA, SD and SS, so those are rejected.
 *
 * Mobile numbers: spaces, dashes and dots are ignored; an international prefix (+CC or 00CC) must be
 * the storefront's country and is converted to the national form, dropping a "(0)" or a doubled
 * trunk 0 after it. National forms accepted (the real numbering plans):
 * - sv: 07 + 8 digits (+46 70… → 070…)
 * - no: 8 digits starting 4 or 9 (+47 is simply dropped; Norway has no trunk prefix)
 * - da: 8 digits starting 2–9 (+45 dropped). Denmark does not separate mobile ranges by first digit,
 *   and 2x/3x/5x/6x/7x/8x numbers are everyday mobiles, so "starts with 4 or 9" would turn away
 *   real customers.
 * - fi: 04x or 050 + 5–8 digits (+358 40… → 040…)
 * - nl: 06 + 8 digits (+31 6… → 06…)
 */
import type { LocaleCode } from '#lib/market/locales.ts';

export type NormalizedField = { ok: true; normalized: string } | { ok: false; reason: 'format' };

const FORMAT_ERROR = { ok: false, reason: 'format' } as const;

export function normalizePostalCode(locale: LocaleCode, input: string): NormalizedField {
  const value = input.trim();
  let match: RegExpExecArray | null;
  switch (locale) {
    case 'sv':
      match = /^([1-9]\d{2})\s*(\d{2})$/.exec(value);
      return match ? { ok: true, normalized: `${match[1]}${match[2]}` } : FORMAT_ERROR;
    case 'no':
    case 'da':
      return /^\d{4}$/.test(value) ? { ok: true, normalized: value } : FORMAT_ERROR;
    case 'fi':
      return /^\d{5}$/.test(value) ? { ok: true, normalized: value } : FORMAT_ERROR;
    case 'nl': {
      match = /^([1-9]\d{3})\s*([A-Za-z]{2})$/.exec(value);
      const letters = match?.[2]?.toUpperCase();
      if (!match || !letters || ['SA', 'SD', 'SS'].includes(letters)) return FORMAT_ERROR;
      return { ok: true, normalized: `${match[1]} ${letters}` };
    }
  }
}

const MOBILE_PLANS: Record<LocaleCode, { countryCode: string; trunk: string; national: RegExp }> = {
  sv: { countryCode: '46', trunk: '0', national: /^07\d{8}$/ },
  no: { countryCode: '47', trunk: '', national: /^[49]\d{7}$/ },
  da: { countryCode: '45', trunk: '', national: /^[2-9]\d{7}$/ },
  fi: { countryCode: '358', trunk: '0', national: /^0(?:4\d|50)\d{5,8}$/ },
  nl: { countryCode: '31', trunk: '0', national: /^06\d{8}$/ },
};

export function normalizeMobileNumber(locale: LocaleCode, input: string): NormalizedField {
  const plan = MOBILE_PLANS[locale];
  let value = input.replace(/[\s.-]+/g, '');
  if (value.startsWith('00')) value = `+${value.slice(2)}`;
  if (value.startsWith('+')) {
    if (!value.startsWith(`+${plan.countryCode}`)) return FORMAT_ERROR;
    value = value.slice(1 + plan.countryCode.length).replace(/^\(0\)/, '');
    if (plan.trunk && value.startsWith(plan.trunk)) value = value.slice(plan.trunk.length);
    value = plan.trunk + value;
  }
  return plan.national.test(value) ? { ok: true, normalized: value } : FORMAT_ERROR;
}
