/**
 * Who issues the shop's own invoices, per storefront (docs/product/checkout.md#invoice-document): the
 * seller's legal name, address, registration and VAT numbers, and where to pay. These are the demo shop's
 * details; a deployment replaces them with its own (they are printed on every invoice).
 */
import type { LocaleCode } from '#lib/market/locales.ts';

export interface SellerDetails {
  legalName: string;
  street: string;
  postalCity: string;
  country: string;
  registration: { label: string; value: string };
  vatNumber: string;
  /** Where the customer pays, as printed: bankgiro, account number, IBAN … */
  payTo: { label: string; value: string }[];
  email: string;
  /** What an e-invoice states of the seller (docs/adr/0033-e-invoices.md). */
  einvoice: SellerParty;
}

/** The seller as a structured party: an e-invoice needs each address part and the legal entity's home registration. */
export interface SellerParty {
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2 of the legal entity's address. */
  countryCode: string;
  /** The legal entity's registration under its ISO 6523 scheme (0007 Swedish organisationsnummer, 0192 Norwegian). */
  registration: { scheme: string; id: string };
  /** Its Peppol address (usually the registration). */
  endpoint: { scheme: string; id: string };
  /**
   * How the buyer pays (UNCL 4461): 30 credit transfer to this account (Swedish Bankgiro marked by its branch id, as
   * the Swedish Peppol rules ask), 93 reference giro (the Danish FI creditor).
   */
  account: { means: '30' | '93'; id: string; bic?: string; branch?: 'SE:BANKGIRO' };
  /** Required wording after the VAT number, where the law asks for one ("Godkänd för F-skatt", "Foretaksregisteret"). */
  taxRegistration?: string;
}

/** Partsfront AB, Gothenburg: the legal entity behind sv, da, fi and nl (VAT-registered in each country). */
const SWEDISH_ENTITY = {
  street: 'Verkstadsgatan 12',
  postalCode: '41104',
  city: 'Göteborg',
  countryCode: 'SE',
  registration: { scheme: '0007', id: '5591234561' },
  endpoint: { scheme: '0007', id: '5591234561' },
  taxRegistration: 'Godkänd för F-skatt',
} as const;

const HOME = { street: 'Verkstadsgatan 12', postalCity: '411 04 Göteborg' };

export const SELLERS: Readonly<Record<LocaleCode, SellerDetails>> = {
  sv: {
    legalName: 'Partsfront AB',
    ...HOME,
    country: 'Sverige',
    registration: { label: 'Org.nr', value: '559123-4561' },
    vatNumber: 'SE559123456101',
    payTo: [{ label: 'Bankgiro', value: '5050-1055' }],
    email: 'kundservice@reservdelsfronten.se',
    einvoice: { ...SWEDISH_ENTITY, account: { means: '30', id: '50501055', branch: 'SE:BANKGIRO' } },
  },
  no: {
    legalName: 'Partsfront AB NUF',
    street: 'Verkstedveien 3',
    postalCity: '0277 Oslo',
    country: 'Norge',
    registration: { label: 'Org.nr', value: '923 456 783' },
    vatNumber: 'NO923456783MVA',
    payTo: [{ label: 'Kontonummer', value: '1503.12.34567' }],
    email: 'kundeservice@reservedelsfronten.no',
    einvoice: {
      street: 'Verkstedveien 3',
      postalCode: '0277',
      city: 'Oslo',
      countryCode: 'NO',
      registration: { scheme: '0192', id: '923456783' },
      endpoint: { scheme: '0192', id: '923456783' },
      account: { means: '30', id: '15031234567' },
      taxRegistration: 'Foretaksregisteret',
    },
  },
  da: {
    legalName: 'Partsfront AB',
    ...HOME,
    country: 'Sverige',
    registration: { label: 'CVR/SE', value: '41234563' },
    vatNumber: 'DK41234563',
    payTo: [{ label: 'FI-kreditor', value: '85799665' }],
    email: 'kundeservice@reservedelsfronten.dk',
    einvoice: { ...SWEDISH_ENTITY, account: { means: '93', id: '85799665' } },
  },
  fi: {
    legalName: 'Partsfront AB',
    ...HOME,
    country: 'Ruotsi',
    registration: { label: 'Y-tunnus', value: '3123456-3' },
    vatNumber: 'FI31234563',
    payTo: [
      { label: 'IBAN', value: 'FI21 1234 5600 0007 85' },
      { label: 'BIC', value: 'NDEAFIHH' },
    ],
    email: 'asiakaspalvelu@varaosarintama.fi',
    einvoice: { ...SWEDISH_ENTITY, account: { means: '30', id: 'FI2112345600000785', bic: 'NDEAFIHH' } },
  },
  nl: {
    legalName: 'Partsfront AB',
    ...HOME,
    country: 'Zweden',
    registration: { label: 'KvK', value: '91234567' },
    vatNumber: 'NL862123456B01',
    payTo: [
      { label: 'IBAN', value: 'NL91 ABNA 0417 1643 00' },
      { label: 'BIC', value: 'ABNANL2A' },
    ],
    email: 'klantenservice@onderdelenfront.nl',
    einvoice: { ...SWEDISH_ENTITY, account: { means: '30', id: 'NL91ABNA0417164300', bic: 'ABNANL2A' } },
  },
};
