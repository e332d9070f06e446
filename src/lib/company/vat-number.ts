/**
 * A company's VAT identification number per storefront country (docs/product/company-accounts.md#details), checked
 * for its format and, where the country derives it from the organisation number, against that number: Sweden
 * SE + the 10-digit organisationsnummer + 01, Norway NO + the 9-digit organisasjonsnummer + MVA, Denmark DK + the
 * CVR, Finland FI + the Y-tunnus without its hyphen. The Dutch btw-identificatienummer (NL + 9 digits + B + 2
 * digits) is not derived from the KvK number: only its format is checked. Whitespace, dots and hyphens are ignored,
 * letters upper-cased. Pure.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { validateOrganisationNumber } from '#lib/checkout/organisation-number.ts';

export type VatNumberResult = { ok: true; normalized: string } | { ok: false; reason: 'format' | 'mismatch' };

const SHAPES: Readonly<Record<LocaleCode, RegExp>> = {
  sv: /^SE(\d{10})01$/,
  no: /^NO(\d{9})MVA$/,
  da: /^DK(\d{8})$/,
  fi: /^FI(\d{8})$/,
  nl: /^NL\d{9}B\d{2}$/,
};

export function validateVatNumber(locale: LocaleCode, input: string, organisationNumber: string): VatNumberResult {
  const normalized = input.replace(/[\s.-]/g, '').toUpperCase();
  const match = SHAPES[locale].exec(normalized);
  if (!match) return { ok: false, reason: 'format' };
  if (locale === 'nl') return { ok: true, normalized };
  const org = validateOrganisationNumber(locale, organisationNumber);
  if (!org.ok || org.normalized.replace(/\D/g, '') !== match[1]) return { ok: false, reason: 'mismatch' };
  return { ok: true, normalized };
}
