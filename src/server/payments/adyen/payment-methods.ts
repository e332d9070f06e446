/**
 * Which storefront payment method maps to which Adyen payment method type
 * (docs.adyen.com/payment-methods/payment-method-types), where each is offered, and in which currency.
 */
import type { CreatePaymentInput } from '../payment-provider.ts';
import type { LocaleCode } from '#lib/market/locales.ts';

interface MethodRule {
  adyenType: string;
  currencies: ReadonlyArray<CreatePaymentInput['currency']>;
}

const METHODS: Record<string, MethodRule> = {
  card: { adyenType: 'scheme', currencies: ['SEK', 'NOK', 'DKK', 'EUR'] },
  dankort: { adyenType: 'dankort', currencies: ['DKK'] },
  swish: { adyenType: 'swish', currencies: ['SEK'] },
  vipps: { adyenType: 'vipps', currencies: ['NOK'] },
  mobilepay: { adyenType: 'mobilepay', currencies: ['DKK', 'EUR'] },
  ideal: { adyenType: 'ideal', currencies: ['EUR'] },
};

/** The card-and-wallet methods each storefront offers through Adyen. */
export const STOREFRONT_METHODS: Record<LocaleCode, readonly string[]> = {
  sv: ['card', 'swish'],
  no: ['card', 'vipps'],
  da: ['card', 'dankort', 'mobilepay'],
  fi: ['card', 'mobilepay'],
  nl: ['card', 'ideal'],
};

const SHOPPER: Record<LocaleCode, { shopperLocale: string; countryCode: string }> = {
  sv: { shopperLocale: 'sv-SE', countryCode: 'SE' },
  no: { shopperLocale: 'nb-NO', countryCode: 'NO' },
  da: { shopperLocale: 'da-DK', countryCode: 'DK' },
  fi: { shopperLocale: 'fi-FI', countryCode: 'FI' },
  nl: { shopperLocale: 'nl-NL', countryCode: 'NL' },
};

export class UnsupportedPaymentMethod extends Error {}

/** The Adyen type for a method on a storefront; a method the storefront does not offer is a shop bug, not a provider fault. */
export function adyenMethodType(locale: LocaleCode, method: string, currency: CreatePaymentInput['currency']): string {
  const rule = METHODS[method];
  if (!rule || !STOREFRONT_METHODS[locale].includes(method))
    throw new UnsupportedPaymentMethod(`adyen: '${method}' is not offered on the ${locale} storefront`);
  if (!rule.currencies.includes(currency)) throw new UnsupportedPaymentMethod(`adyen: '${method}' cannot be paid in ${currency}`);
  return rule.adyenType;
}

export const shopperOf = (locale: LocaleCode) => SHOPPER[locale];
