/**
 * Product safety information a distance-sale offer shows (GPSR (EU) 2023/988 art. 19, docs/product/legal.md):
 * the manufacturer's name, postal and electronic address; the EU responsible person (art. 16) when the
 * manufacturer is outside the EU/EEA; warnings in the storefront's language. Set per brand, overridden per
 * product. Pure: the import (validation), the product page and its JSON-LD all resolve through here.
 */

/** EU member states and the other EEA states (Iceland, Liechtenstein, Norway), ISO 3166-1 alpha-2. */
export const EU_EEA_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO',
]); // prettier-ignore

export const inEuEea = (country: string): boolean => EU_EEA_COUNTRIES.has(country.toUpperCase());

export interface SafetyAddress {
  street: string;
  postal_code: string;
  city: string;
  /** ISO 3166-1 alpha-2, upper case */
  country: string;
}

/** A manufacturer or an EU responsible person: who a consumer or an authority can write to. */
export interface SafetyParty {
  /** name, registered trade name or trade mark */
  name: string;
  address: SafetyAddress;
  email?: string | null;
  url?: string | null;
}

/** What a brand carries; a product's override has the same fields, each optional. */
export interface SafetyInfo {
  manufacturer?: SafetyParty | null;
  /** Only needed when the manufacturer is outside the EU/EEA. */
  responsible_person?: SafetyParty | null;
  /** Warnings or safety information per storefront language (locale code → text). */
  warnings?: Partial<Record<string, string>>;
}

/** The product's safety information: each field from the product when it sets it, else from its brand. */
export function resolveSafety(brand: SafetyInfo | null | undefined, product: SafetyInfo | null | undefined): SafetyInfo {
  const b = brand ?? {};
  const p = product ?? {};
  const warnings: Partial<Record<string, string>> = { ...b.warnings };
  for (const [locale, text] of Object.entries(p.warnings ?? {})) if (text && text.trim()) warnings[locale] = text;
  return {
    manufacturer: p.manufacturer ?? b.manufacturer ?? null,
    responsible_person: p.responsible_person !== undefined ? p.responsible_person : (b.responsible_person ?? null),
    warnings,
  };
}

const filled = (s: string | null | undefined) => typeof s === 'string' && s.trim().length > 0;

function partyGaps(party: SafetyParty, label: string): string[] {
  const gaps: string[] = [];
  if (!filled(party.name)) gaps.push(`${label} name`);
  const a = party.address;
  if (!a || !filled(a.street) || !filled(a.postal_code) || !filled(a.city) || !filled(a.country)) gaps.push(`${label} postal address`);
  if (!filled(party.email) && !filled(party.url)) gaps.push(`${label} e-mail or web address`);
  return gaps;
}

/**
 * What art. 19 needs and `info` lacks for an offer in these storefront languages, as short phrases
 * ("manufacturer postal address", "safety information (fi)"); empty when complete.
 */
export function missingSafety(info: SafetyInfo, locales: readonly string[]): string[] {
  const gaps: string[] = [];
  const m = info.manufacturer;
  if (!m) gaps.push('manufacturer');
  else {
    gaps.push(...partyGaps(m, 'manufacturer'));
    if (m.address && filled(m.address.country) && !inEuEea(m.address.country)) {
      const rp = info.responsible_person;
      if (!rp) gaps.push('EU responsible person (the manufacturer is outside the EU/EEA)');
      else {
        gaps.push(...partyGaps(rp, 'EU responsible person'));
        if (rp.address && filled(rp.address.country) && !inEuEea(rp.address.country)) {
          gaps.push('EU responsible person established in the EU/EEA');
        }
      }
    }
  }
  for (const locale of locales) if (!filled(info.warnings?.[locale])) gaps.push(`safety information (${locale})`);
  return gaps;
}

/** What one storefront shows: the parties and the warning in its language. */
export interface ShownSafety {
  manufacturer: SafetyParty;
  /** null when the manufacturer is in the EU/EEA and none is set */
  responsible_person: SafetyParty | null;
  warning: string;
}

/** The safety block of one storefront, or null when the information is incomplete there. */
export function shownSafety(info: SafetyInfo, locale: string): ShownSafety | null {
  if (missingSafety(info, [locale]).length > 0) return null;
  return { manufacturer: info.manufacturer!, responsible_person: info.responsible_person ?? null, warning: info.warnings![locale]! };
}

/** A postal address on one line: "Street 1, 12345 City, DE". */
export const addressLine = (a: SafetyAddress): string => `${a.street}, ${a.postal_code} ${a.city}, ${a.country}`;
