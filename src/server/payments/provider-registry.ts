/**
 * Which payment provider serves which method, from configuration (docs/adr/0007-checkout-orders-and-money.md).
 * The shop's own invoice is built in; Adyen (cards and wallets) and Klarna (pay later) are offered when
 * provider-config.ts finds them configured (outside production: the local sandbox).
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import type { PaymentMethodView } from '#lib/api/checkout-contracts.ts';
import { externalMethodName } from '#lib/payments/external-method-names.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { ownInvoiceProvider } from './invoice-provider.ts';
import { AdyenProvider } from './adyen/adyen-provider.ts';
import { STOREFRONT_METHODS } from './adyen/payment-methods.ts';
import { KlarnaProvider } from './klarna/klarna-provider.ts';
import { adyenConfig, klarnaConfig } from './provider-config.ts';

const consumerInvoice = ownInvoiceProvider('invoice');
const businessInvoice = ownInvoiceProvider('invoiceBusiness');

/** Built once per process from the environment at first use. */
let external: { adyen: AdyenProvider | null; klarna: KlarnaProvider | null } | undefined;

function providers() {
  if (!external) {
    const adyen = adyenConfig();
    const klarna = klarnaConfig();
    external = { adyen: adyen && new AdyenProvider(adyen), klarna: klarna && new KlarnaProvider(klarna) };
  }
  return external;
}

const view = (locale: LocaleCode, id: string, provider: string): PaymentMethodView => ({
  id,
  name: externalMethodName(locale, id),
  provider,
  customer_types: ['consumer'],
});

/** External methods offered in a storefront: Adyen's cards and wallets, Klarna where the storefront shows it. */
export function configuredMethods(locale: LocaleCode): PaymentMethodView[] {
  const { adyen, klarna } = providers();
  const methods: PaymentMethodView[] = [];
  if (adyen) methods.push(...STOREFRONT_METHODS[locale].map((m) => view(locale, m, adyen.id)));
  if (klarna && LOCALES[locale].paymentMethods.some((m) => m.name === 'klarna')) methods.push(view(locale, 'klarna', klarna.id));
  return methods;
}

export function providerFor(method: string): PaymentProvider | undefined {
  if (method === 'invoice') return consumerInvoice;
  if (method === 'invoice-business') return businessInvoice;
  const { adyen, klarna } = providers();
  if (method === 'klarna') return klarna ?? undefined;
  if (adyen && Object.values(STOREFRONT_METHODS).some((methods) => methods.includes(method))) return adyen;
  return undefined;
}

/** A configured external provider by its id ('adyen', 'klarna'): notifications and returns name it. */
export function providerById(id: string): PaymentProvider | undefined {
  const { adyen, klarna } = providers();
  return [adyen, klarna].find((p) => p?.id === id) ?? undefined;
}
