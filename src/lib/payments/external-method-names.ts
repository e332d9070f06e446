/**
 * What the checkout calls the external payment methods in each storefront (docs/product/checkout.md#payment):
 * brands keep their own name, card, pay-later and invoice are said in the storefront's language (the
 * provider's brand first, so Walley's and Two's invoices read apart from the shop's own "Faktura").
 */
import type { LocaleCode } from '#lib/market/locales.ts';

const CARD: Record<LocaleCode, string> = { sv: 'Kort', no: 'Kort', da: 'Betalingskort', fi: 'Korttimaksu', nl: 'Creditcard of debitcard' };

const KLARNA: Record<LocaleCode, string> = {
  sv: 'Klarna – betala senare',
  no: 'Klarna – betal senere',
  da: 'Klarna – betal senere',
  fi: 'Klarna – maksa myöhemmin',
  nl: 'Klarna – achteraf betalen',
};

/** Consumer invoice through Walley (no Dutch market; the nl name is there for completeness). */
const WALLEY_INVOICE: Record<LocaleCode, string> = {
  sv: 'Walley – faktura',
  no: 'Walley – faktura',
  da: 'Walley – faktura',
  fi: 'Walley – lasku',
  nl: 'Walley – factuur',
};

/** Business invoice through Two. */
const TWO_INVOICE: Record<LocaleCode, string> = {
  sv: 'Two – företagsfaktura',
  no: 'Two – bedriftsfaktura',
  da: 'Two – erhvervsfaktura',
  fi: 'Two – yrityslasku',
  nl: 'Two – zakelijke factuur',
};

const BRANDS: Record<string, string> = { swish: 'Swish', vipps: 'Vipps', mobilepay: 'MobilePay', dankort: 'Dankort', ideal: 'iDEAL' };

export function externalMethodName(locale: LocaleCode, method: string): string {
  if (method === 'card') return CARD[locale];
  if (method === 'klarna') return KLARNA[locale];
  if (method === 'walley-invoice') return WALLEY_INVOICE[locale];
  if (method === 'two-invoice') return TWO_INVOICE[locale];
  return BRANDS[method] ?? method;
}
