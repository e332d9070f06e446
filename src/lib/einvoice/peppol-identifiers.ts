/**
 * Peppol party identifiers (docs/adr/0033-e-invoices.md): an organisation number under its country's ICD scheme
 * (ISO 6523 code), and a buyer's Peppol participant id "<scheme>:<id>". The schemes are the ones the Peppol BIS
 * Billing 3.0 rules check (PEPPOL-COMMON-R041/R042/R049) or the Peppol code list names for the country.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { validateOrganisationNumber } from '#lib/checkout/organisation-number.ts';

export interface PartyId {
  /** ISO 6523 ICD, e.g. 0007 (Swedish organisationsnummer). */
  scheme: string;
  id: string;
}

/** The legal registration scheme of each storefront country's organisation numbers. */
export const REGISTRATION_SCHEME: Readonly<Record<LocaleCode, string>> = {
  sv: '0007', // Organisationsnummer (Bolagsverket)
  no: '0192', // Enhetsregisteret (Brønnøysund)
  da: '0184', // CVR (DIGSTORG)
  fi: '0212', // Y-tunnus (Finnish organisation identifier)
  nl: '0106', // KvK-nummer
};

/**
 * An organisation number as its legal registration (BT-30/BT-47): digits only, except the Finnish Y-tunnus which is
 * written with its hyphen and the Danish CVR which Peppol writes "DK" + 8 digits (PEPPOL-COMMON-R042; the 2025 rules
 * accept the bare digits too, earlier ones do not). Undefined when the number does not pass the country's check.
 */
export function registrationId(locale: LocaleCode, organisationNumber: string): PartyId | undefined {
  const checked = validateOrganisationNumber(locale, organisationNumber);
  if (!checked.ok) return undefined;
  const digits = checked.normalized.replace(/\D/g, '');
  const id = locale === 'fi' ? checked.normalized : locale === 'da' ? `DK${digits}` : digits;
  return { scheme: REGISTRATION_SCHEME[locale], id };
}

/**
 * The Peppol address a business is reached at when it has not told us one: its organisation number under the scheme
 * its country's access points register companies with (Finland: the OVT code 0037 + Y-tunnus under 0216).
 */
export function defaultEndpoint(locale: LocaleCode, organisationNumber: string): PartyId | undefined {
  const reg = registrationId(locale, organisationNumber);
  if (!reg) return undefined;
  return locale === 'fi' ? { scheme: '0216', id: `0037${reg.id.replace('-', '')}` } : reg;
}

/** Schemes a buyer may give as their Peppol address here (the Nordic and Dutch ones, GLN and the VAT-based ones). */
const PARTICIPANT_SCHEMES = new Set([
  '0007',
  '0192',
  '0184',
  '0198',
  '0216',
  '0212',
  '0213',
  '0106',
  '0190',
  '0088',
  '0208',
  '9908',
  '9917',
  '9918',
  '9944',
]);

export type ParticipantIdResult = { ok: true; value: PartyId } | { ok: false; reason: 'format' | 'scheme' };

/** "0007:5567321707" (whitespace ignored, an "iso6523-actorid-upis::" prefix accepted) → scheme and id. */
export function parseParticipantId(input: string): ParticipantIdResult {
  const compact = input.replace(/\s+/g, '').replace(/^iso6523-actorid-upis::/i, '');
  const match = /^(\d{4}):([A-Za-z0-9][A-Za-z0-9.\-_]{0,49})$/.exec(compact);
  if (!match) return { ok: false, reason: 'format' };
  if (!PARTICIPANT_SCHEMES.has(match[1]!)) return { ok: false, reason: 'scheme' };
  return { ok: true, value: { scheme: match[1]!, id: match[2]! } };
}
