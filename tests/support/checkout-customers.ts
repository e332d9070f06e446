/**
 * Valid (and invalid) customer data per storefront, from the rules' own test data
 * (tests/unit/lib/checkout/address-rules.test.ts, organisation-number.test.ts). One copy for the API
 * suites (tests/api/checkout-api-fixtures.ts) and the browser specs (tests/e2e/checkout-fixtures.ts),
 * so a change to a storefront's rules is mended in one place.
 */
import type { LocaleCode } from '#lib/market/locales.ts';

/** What a consumer fills in, in the order the checkout page shows it. */
export const ADDRESS_FIELDS = ['email', 'mobile', 'first_name', 'last_name', 'street', 'postal_code', 'city'] as const;
export type TestAddress = Record<(typeof ADDRESS_FIELDS)[number], string>;

export interface TestCustomer extends TestAddress {
  company_name: string;
  organisation_number: string;
  bad_postal_code: string;
  bad_mobile: string;
}

export const CUSTOMERS: Record<LocaleCode, TestCustomer> = {
  sv: {
    email: 'anna.svensson@example.se',
    mobile: '070-123 45 67',
    first_name: 'Anna',
    last_name: 'Svensson',
    street: 'Drottninggatan 1',
    postal_code: '111 51',
    city: 'Stockholm',
    company_name: 'Verkstaden AB',
    organisation_number: '556012-5790',
    bad_postal_code: '1234',
    bad_mobile: '08-123 456 78',
  },
  no: {
    email: 'ola.nordmann@example.no',
    mobile: '412 34 567',
    first_name: 'Ola',
    last_name: 'Nordmann',
    street: 'Karl Johans gate 1',
    postal_code: '0150',
    city: 'Oslo',
    company_name: 'Verkstedet AS',
    organisation_number: '923609016',
    bad_postal_code: '015',
    bad_mobile: '22 12 34 56',
  },
  da: {
    email: 'mette.hansen@example.dk',
    mobile: '20 12 34 56',
    first_name: 'Mette',
    last_name: 'Hansen',
    street: 'Strøget 1',
    postal_code: '1050',
    city: 'København K',
    company_name: 'Værkstedet ApS',
    organisation_number: '24256790',
    bad_postal_code: '37 00',
    bad_mobile: '1234 5678',
  },
  fi: {
    email: 'matti.virtanen@example.fi',
    mobile: '040 123 4567',
    first_name: 'Matti',
    last_name: 'Virtanen',
    street: 'Mannerheimintie 1',
    postal_code: '00100',
    city: 'Helsinki',
    company_name: 'Korjaamo Oy',
    organisation_number: '0112038-9',
    bad_postal_code: '0010',
    bad_mobile: '09 1234 5678',
  },
  nl: {
    email: 'jan.jansen@example.nl',
    mobile: '06-12345678',
    first_name: 'Jan',
    last_name: 'Jansen',
    street: 'Damrak 1',
    postal_code: '1011 AB',
    city: 'Amsterdam',
    company_name: 'Werkplaats BV',
    organisation_number: '69599084',
    bad_postal_code: '0123 AB',
    bad_mobile: '020-1234567',
  },
};

const addressOf = (c: TestCustomer): TestAddress => Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, c[f]])) as TestAddress;

/** The checkout's `customer` step for a consumer of this storefront (the API refuses the e2e-only fields). */
export const consumer = (locale: LocaleCode) => ({ type: 'consumer' as const, ...addressOf(CUSTOMERS[locale]) });

/** The same for a business buyer; `organisation_number` picks e.g. a provider's test company. */
export const business = (locale: LocaleCode, organisation_number = CUSTOMERS[locale].organisation_number) => ({
  ...consumer(locale),
  type: 'business' as const,
  company_name: CUSTOMERS[locale].company_name,
  organisation_number,
});
