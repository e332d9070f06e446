/**
 * The five storefronts (docs/product/storefronts.md).
 * Pure data + tiny lookups: safe in islands, pages and the server.
 */
export const LOCALE_CODES = ['sv', 'no', 'da', 'fi', 'nl'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

export interface PaymentMethod {
  name: string;
  width: number;
  height: number;
}

export interface Locale {
  code: LocaleCode;
  name: string;
  storeID: number;
  iso: string;
  countryCode: string;
  currency: 'SEK' | 'NOK' | 'DKK' | 'EUR';
  /** Symbol shown next to prices (docs/product/storefronts.md#currency-display: symbols come from the locale settings). */
  currencySymbol: string;
  country: string;
  paymentMethods: PaymentMethod[];
  postalCodeRegex: RegExp;
  mobileRegex: RegExp;
  brand: string;
  logo: string;
  altLogo: string;
  privacyURL: string;
  allowExVAT: boolean;
  showPriceDisclaimer: boolean;
  showShippingInfo: boolean;
  /** Standard VAT rate in percent, used when a product carries none. */
  defaultVat: number;
  /** Shown in the language switcher (docs/product/layout.md#top-bar: nl is hidden). */
  inSwitcher: boolean;
}

const pm = (name: string, width = 60, height = 24): PaymentMethod => ({ name, width, height });

export const LOCALES: Record<LocaleCode, Locale> = {
  sv: {
    code: 'sv',
    name: 'Svenska',
    storeID: 1,
    iso: 'sv-SE',
    countryCode: 'SE',
    currency: 'SEK',
    currencySymbol: 'kr',
    country: 'Sverige',
    paymentMethods: [pm('klarna', 64, 24), pm('swish', 60, 24), pm('visa', 48, 24), pm('mastercard', 40, 24)],
    postalCodeRegex: /^\d{3}\s?\d{2}$/,
    mobileRegex: /^07\d{7,8}$/,
    brand: 'Reservdelsfronten',
    logo: '/logos/sv.svg',
    altLogo: '/logos/sv-alt.svg',
    privacyURL: '/integritetspolicy',
    allowExVAT: true,
    showPriceDisclaimer: true,
    showShippingInfo: true,
    defaultVat: 25,
    inSwitcher: true,
  },
  no: {
    code: 'no',
    name: 'Norsk',
    storeID: 3,
    iso: 'nb-NO',
    countryCode: 'NO',
    currency: 'NOK',
    currencySymbol: 'kr',
    country: 'Norge',
    paymentMethods: [pm('klarna', 64, 24), pm('vipps', 60, 24), pm('visa', 48, 24), pm('mastercard', 40, 24)],
    postalCodeRegex: /^\d{4}$/,
    mobileRegex: /^[49]\d{7}$/,
    brand: 'Reservedelsfronten',
    logo: '/logos/no.svg',
    altLogo: '/logos/no-alt.svg',
    privacyURL: '/personvern',
    allowExVAT: true,
    showPriceDisclaimer: true,
    showShippingInfo: true,
    defaultVat: 25,
    inSwitcher: true,
  },
  da: {
    code: 'da',
    name: 'Dansk',
    storeID: 5,
    iso: 'da-DK',
    countryCode: 'DK',
    currency: 'DKK',
    currencySymbol: 'kr.',
    country: 'Danmark',
    paymentMethods: [pm('mobilepay', 60, 24), pm('dankort', 48, 24), pm('visa', 48, 24), pm('mastercard', 40, 24)],
    postalCodeRegex: /^\d{4}$/,
    mobileRegex: /^[49]\d{7}$/,
    brand: 'Reservedelsfronten',
    logo: '/logos/da.svg',
    altLogo: '/logos/da-alt.svg',
    privacyURL: '/privatlivspolitik',
    allowExVAT: true,
    showPriceDisclaimer: false,
    showShippingInfo: true,
    defaultVat: 25,
    inSwitcher: true,
  },
  fi: {
    code: 'fi',
    name: 'Suomi',
    storeID: 4,
    iso: 'fi-FI',
    countryCode: 'FI',
    currency: 'EUR',
    currencySymbol: '€',
    country: 'Suomi',
    paymentMethods: [pm('klarna', 64, 24), pm('mobilepay', 60, 24), pm('visa', 48, 24), pm('mastercard', 40, 24)],
    postalCodeRegex: /^\d{5}$/,
    mobileRegex: /^[49]\d{6,9}$/,
    brand: 'Varaosarintama',
    logo: '/logos/fi.svg',
    altLogo: '/logos/fi-alt.svg',
    privacyURL: '/tietosuojaseloste',
    allowExVAT: false,
    showPriceDisclaimer: false,
    showShippingInfo: true,
    defaultVat: 25.5,
    inSwitcher: true,
  },
  nl: {
    code: 'nl',
    name: 'Nederlands',
    storeID: 6,
    iso: 'nl-NL',
    countryCode: 'NL',
    currency: 'EUR',
    currencySymbol: '€',
    country: 'Nederland',
    paymentMethods: [pm('ideal', 40, 24), pm('klarna', 64, 24), pm('visa', 48, 24), pm('mastercard', 40, 24)],
    postalCodeRegex: /^\d{4}\s?[A-Za-z]{2}$/,
    mobileRegex: /^[49]\d{7,9}$/,
    brand: 'Onderdelenfront',
    logo: '/logos/nl.svg',
    altLogo: '/logos/nl-alt.svg',
    privacyURL: '/privacybeleid',
    allowExVAT: false,
    showPriceDisclaimer: false,
    showShippingInfo: false,
    defaultVat: 21,
    inSwitcher: false,
  },
};

/** Default/dev domain map; production overrides it with PARTSFRONT_DOMAINS (see domainsFromEnv). */
export const DEFAULT_DOMAINS: Record<LocaleCode, string> = {
  sv: 'sv.localhost',
  no: 'no.localhost',
  da: 'da.localhost',
  fi: 'fi.localhost',
  nl: 'nl.localhost',
};

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

export function localeByStoreId(sid: number): Locale | undefined {
  return LOCALE_CODES.map((c) => LOCALES[c]).find((l) => l.storeID === sid);
}

/** docs/product/storefronts.md#currency-display: SEK/NOK/DKK show 0 decimals, EUR 2. */
export function currencyDigits(currency: Locale['currency']): number {
  return currency === 'EUR' ? 2 : 0;
}

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * What is wrong with a PARTSFRONT_DOMAINS value ("sv=shop.se,no=shop.no"): an entry that is not locale=domain, an
 * unknown locale, a locale named twice, or two storefronts on one domain (defaults included). Strict because a
 * typo used to drop a storefront back to {locale}.localhost silently: docs/adr/0019-checked-configuration.md.
 */
export function domainProblems(spec: string | undefined): string[] {
  const problems: string[] = [];
  const map = { ...DEFAULT_DOMAINS };
  const named = new Set<string>();
  for (const part of (spec ?? '').split(',')) {
    if (part.trim() === '') continue;
    const m = /^\s*([^=\s]*)\s*=\s*([^=\s]*)\s*$/.exec(part);
    const code = m?.[1]?.toLowerCase();
    const host = m?.[2]?.toLowerCase().replace(/\.$/, '');
    if (!m || !code || !host) problems.push(`"${part.trim()}" is not locale=domain`);
    else if (!isLocaleCode(code)) problems.push(`"${code}" is not a storefront (${LOCALE_CODES.join(', ')})`);
    else if (named.has(code)) problems.push(`${code} is named twice`);
    else if (!HOSTNAME.test(host)) problems.push(`"${host}" is not a domain name`);
    else {
      named.add(code);
      map[code] = host;
    }
  }
  for (const [i, a] of LOCALE_CODES.entries())
    for (const b of LOCALE_CODES.slice(i + 1)) if (map[a] === map[b]) problems.push(`${a} and ${b} are both on ${map[a]}`);
  return problems;
}

/**
 * Parses "sv=shop.se,no=shop.no" into a domain map; unspecified locales keep their default. Throws on any
 * problem of domainProblems. Kept pure so the server entry, the dev integration and the build all agree.
 */
export function parseDomains(spec: string | undefined): Record<LocaleCode, string> {
  const problems = domainProblems(spec);
  if (problems.length) throw new Error(`PARTSFRONT_DOMAINS: ${problems.join('; ')}`);
  const map = { ...DEFAULT_DOMAINS };
  for (const part of (spec ?? '').split(',')) {
    const [code, host] = part.split('=').map((s) => s?.trim().toLowerCase());
    if (isLocaleCode(code) && host) map[code] = host.replace(/\.$/, '');
  }
  return map;
}

/** Host header (with optional port) → locale, or undefined for a host we do not serve. */
export function localeForHost(host: string | undefined | null, domains: Record<LocaleCode, string>): LocaleCode | undefined {
  if (!host) return undefined;
  const bare = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return LOCALE_CODES.find((c) => domains[c] === bare);
}

export function isValidPostalCode(code: LocaleCode, value: string): boolean {
  return LOCALES[code].postalCodeRegex.test(value.trim());
}

export function isValidMobile(code: LocaleCode, value: string): boolean {
  return LOCALES[code].mobileRegex.test(value.replace(/[\s-]/g, ''));
}
