/**
 * What the checkout calls the external payment methods in each storefront (docs/product/checkout.md#payment):
 * brands keep their own name, card and pay-later are said in the storefront's language.
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

const BRANDS: Record<string, string> = { swish: 'Swish', vipps: 'Vipps', mobilepay: 'MobilePay', dankort: 'Dankort', ideal: 'iDEAL' };

export function externalMethodName(locale: LocaleCode, method: string): string {
  if (method === 'card') return CARD[locale];
  if (method === 'klarna') return KLARNA[locale];
  return BRANDS[method] ?? method;
}
