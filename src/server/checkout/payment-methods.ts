/**
 * The payment methods a storefront offers at checkout, per customer type (docs/product/checkout.md#payment).
 * The shop's own invoice is always there and works offline; external methods appear when their provider
 * is configured (src/server/payments/provider-registry.ts).
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import type { PaymentMethodView } from '#lib/api/checkout-contracts.ts';
import { configuredMethods } from '#server/payments/provider-registry.ts';

const INVOICE_NAMES: Record<LocaleCode, { consumer: string; business: string }> = {
  sv: { consumer: 'Faktura', business: 'Företagsfaktura' },
  no: { consumer: 'Faktura', business: 'Bedriftsfaktura' },
  da: { consumer: 'Faktura', business: 'Erhvervsfaktura' },
  fi: { consumer: 'Lasku', business: 'Yrityslasku' },
  nl: { consumer: 'Factuur', business: 'Zakelijke factuur' },
};

export function paymentMethodsFor(locale: LocaleCode): PaymentMethodView[] {
  return [
    { id: 'invoice', name: INVOICE_NAMES[locale].consumer, provider: 'invoice', customer_types: ['consumer'] },
    { id: 'invoice-business', name: INVOICE_NAMES[locale].business, provider: 'invoice', customer_types: ['business'] },
    ...configuredMethods(locale),
  ];
}
