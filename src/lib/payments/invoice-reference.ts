/**
 * The shop's own invoice payment reference per storefront, built from the order number's digits
 * (which already end in their own Luhn digit, see src/lib/orders/order-number.ts):
 * sv OCR with length digit, no KID MOD10, da FIK +71 line, fi viitenumero (+ its RF form),
 * nl 16-digit betalingskenmerk. The per-scheme rules and their sources are in the sibling files.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { fikCodeLine, fikPaymentId, isValidFikPaymentId, parseFikCodeLine } from './dk-fik-reference.ts';
import { finnishReference, formatFinnishReference, isValidFinnishReference } from './fi-reference-number.ts';
import { dutchPaymentReference, formatDutchPaymentReference, isValidDutchPaymentReference } from './nl-payment-reference.ts';
import { isValidNorwegianKid, norwegianKid } from './no-kid-reference.ts';
import { formatRfCreditorReference, rfCreditorReference } from './rf-creditor-reference.ts';
import { isValidSwedishOcrReference, swedishOcrReference } from './se-ocr-reference.ts';

export type InvoiceReferenceScheme = 'se_ocr' | 'no_kid' | 'dk_fik71' | 'fi_reference' | 'nl_betalingskenmerk';

export interface InvoiceReference {
  scheme: InvoiceReferenceScheme;
  /** Machine form, stored on the invoice and matched against incoming payments. */
  reference: string;
  /** What we print: grouped, or the full FIK code line. */
  display: string;
  /** fi only: the ISO 11649 form of the same reference. */
  rf?: string;
}

export interface InvoiceReferenceOptions {
  /** da: the 8-digit creditor number of our FI agreement. */
  fikCreditorNumber?: string;
}

export function invoiceReference(locale: LocaleCode, orderNumber: string, options: InvoiceReferenceOptions = {}): InvoiceReference {
  if (!/^\d+$/.test(orderNumber)) throw new RangeError(`Order number must be digits: "${orderNumber}"`);
  switch (locale) {
    case 'sv': {
      const reference = swedishOcrReference(orderNumber);
      return { scheme: 'se_ocr', reference, display: reference };
    }
    case 'no': {
      const reference = norwegianKid(orderNumber);
      return { scheme: 'no_kid', reference, display: reference };
    }
    case 'da': {
      if (!options.fikCreditorNumber) throw new RangeError('The da invoice reference needs the FIK creditor number');
      return { scheme: 'dk_fik71', reference: fikPaymentId(orderNumber), display: fikCodeLine(orderNumber, options.fikCreditorNumber) };
    }
    case 'fi': {
      const reference = finnishReference(orderNumber);
      const rf = rfCreditorReference(reference);
      return { scheme: 'fi_reference', reference, display: formatFinnishReference(reference), rf: formatRfCreditorReference(rf) };
    }
    case 'nl': {
      const reference = dutchPaymentReference(orderNumber);
      return { scheme: 'nl_betalingskenmerk', reference, display: formatDutchPaymentReference(reference) };
    }
  }
}

/** Checks a reference as a customer or a bank file gives it back (spaces ignored; da: id or full line). */
export function isValidInvoiceReference(locale: LocaleCode, input: string): boolean {
  const value = input.replace(/\s+/g, '');
  switch (locale) {
    case 'sv':
      return isValidSwedishOcrReference(value);
    case 'no':
      return isValidNorwegianKid(value);
    case 'da':
      return value.startsWith('+71<') ? parseFikCodeLine(value) !== undefined : isValidFikPaymentId(value);
    case 'fi':
      return isValidFinnishReference(value);
    case 'nl':
      return isValidDutchPaymentReference(value);
  }
}
