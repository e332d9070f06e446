/**
 * Which payment provider serves which method, from configuration (docs/adr/0007-checkout-orders-and-money.md).
 * The shop's own invoice is built in; Adyen (cards and wallets), Klarna (pay later), Walley (consumer
 * invoice) and Two (business invoice) are offered when payment-config.ts finds them configured
 * (outside production: the local sandbox).
 */
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import type { CustomerType, PaymentMethodView } from '#lib/api/checkout-contracts.ts';
import { externalMethodName } from '#lib/payments/external-method-names.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { ownInvoiceProvider } from './invoice-provider.ts';
import { AdyenProvider } from './adyen/adyen-provider.ts';
import { STOREFRONT_METHODS } from './adyen/payment-methods.ts';
import { KlarnaProvider } from './klarna/klarna-provider.ts';
import { WalleyProvider } from './walley/walley-provider.ts';
import { WALLEY_LOCALES } from './walley/walley-checkout-request.ts';
import { TwoProvider } from './two/two-provider.ts';
import { TWO_LOCALES } from './two/two-order-request.ts';
import { adyenConfig, klarnaConfig, twoConfig, walleyConfig } from './payment-config.ts';

/** Method ids of the external invoices (the shop's own are 'invoice' and 'invoice-business'). */
export const WALLEY_INVOICE = 'walley-invoice';
export const TWO_INVOICE = 'two-invoice';

const consumerInvoice = ownInvoiceProvider('invoice');
const businessInvoice = ownInvoiceProvider('invoiceBusiness');

interface External {
  adyen: AdyenProvider | null;
  klarna: KlarnaProvider | null;
  walley: { provider: WalleyProvider; locales: LocaleCode[] } | null;
  two: TwoProvider | null;
}

/** Built once per process from the environment at first use. */
let external: External | undefined;

function providers(): External {
  if (!external) {
    const adyen = adyenConfig();
    const klarna = klarnaConfig();
    const walley = walleyConfig();
    const two = twoConfig();
    external = {
      adyen: adyen && new AdyenProvider(adyen),
      klarna: klarna && new KlarnaProvider(klarna),
      // Walley sells where it has a market and the shop a store id for it (never nl).
      walley: walley && {
        provider: new WalleyProvider(walley),
        locales: WALLEY_LOCALES.filter((l) => walley.storeIds[l] !== undefined),
      },
      two: two && new TwoProvider(two),
    };
  }
  return external;
}

const view = (locale: LocaleCode, id: string, provider: string, type: CustomerType = 'consumer'): PaymentMethodView => ({
  id,
  name: externalMethodName(locale, id),
  provider,
  customer_types: [type],
});

/**
 * External methods offered in a storefront: Adyen's cards and wallets, Klarna where the storefront shows
 * it and Walley's invoice where Walley sells (consumers); Two's invoice where Two serves (businesses).
 */
export function configuredMethods(locale: LocaleCode): PaymentMethodView[] {
  const { adyen, klarna, walley, two } = providers();
  const methods: PaymentMethodView[] = [];
  if (adyen) methods.push(...STOREFRONT_METHODS[locale].map((m) => view(locale, m, adyen.id)));
  if (klarna && LOCALES[locale].paymentMethods.some((m) => m.name === 'klarna')) methods.push(view(locale, 'klarna', klarna.id));
  if (walley?.locales.includes(locale)) methods.push(view(locale, WALLEY_INVOICE, walley.provider.id));
  if (two && TWO_LOCALES.includes(locale)) methods.push(view(locale, TWO_INVOICE, two.id, 'business'));
  return methods;
}

export function providerFor(method: string): PaymentProvider | undefined {
  if (method === 'invoice') return consumerInvoice;
  if (method === 'invoice-business') return businessInvoice;
  const { adyen, klarna, walley, two } = providers();
  if (method === 'klarna') return klarna ?? undefined;
  if (method === WALLEY_INVOICE) return walley?.provider;
  if (method === TWO_INVOICE) return two ?? undefined;
  if (adyen && Object.values(STOREFRONT_METHODS).some((methods) => methods.includes(method))) return adyen;
  return undefined;
}

/** A configured external provider by its id ('adyen', 'klarna', 'walley', 'two'): notifications and returns name it. */
export function providerById(id: string): PaymentProvider | undefined {
  const { adyen, klarna, walley, two } = providers();
  return [adyen, klarna, walley?.provider, two].find((p) => p?.id === id) ?? undefined;
}
