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
}

const HOME = { street: 'Verkstadsgatan 12', postalCity: '411 04 Göteborg' };

export const SELLERS: Readonly<Record<LocaleCode, SellerDetails>> = {
  sv: {
    legalName: 'Partsfront AB',
    ...HOME,
    country: 'Sverige',
    registration: { label: 'Org.nr', value: '559123-4567' },
    vatNumber: 'SE559123456701',
    payTo: [{ label: 'Bankgiro', value: '5050-1055' }],
    email: 'kundservice@reservdelsfronten.se',
  },
  no: {
    legalName: 'Partsfront AB NUF',
    street: 'Verkstedveien 3',
    postalCity: '0277 Oslo',
    country: 'Norge',
    registration: { label: 'Org.nr', value: '923 456 789' },
    vatNumber: 'NO923456789MVA',
    payTo: [{ label: 'Kontonummer', value: '1503.12.34567' }],
    email: 'kundeservice@reservedelsfronten.no',
  },
  da: {
    legalName: 'Partsfront AB',
    ...HOME,
    country: 'Sverige',
    registration: { label: 'CVR/SE', value: '41234567' },
    vatNumber: 'DK41234567',
    payTo: [{ label: 'FI-kreditor', value: '85799665' }],
    email: 'kundeservice@reservedelsfronten.dk',
  },
  fi: {
    legalName: 'Partsfront AB',
    ...HOME,
    country: 'Ruotsi',
    registration: { label: 'Y-tunnus', value: '3123456-7' },
    vatNumber: 'FI31234567',
    payTo: [
      { label: 'IBAN', value: 'FI21 1234 5600 0007 85' },
      { label: 'BIC', value: 'NDEAFIHH' },
    ],
    email: 'asiakaspalvelu@varaosarintama.fi',
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
  },
};
