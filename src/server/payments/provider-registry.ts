/**
 * Which payment provider serves which method, from configuration (docs/adr/0007-checkout-orders-and-money.md).
 * The shop's own invoice is built in; external providers are added here as their adapters are wired.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import type { PaymentMethodView } from '#lib/api/checkout-contracts.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { ownInvoiceProvider } from './invoice-provider.ts';

const consumerInvoice = ownInvoiceProvider('invoice');
const businessInvoice = ownInvoiceProvider('invoiceBusiness');

/** External methods offered in a storefront (none until an external provider is configured). */
export function configuredMethods(_locale: LocaleCode): PaymentMethodView[] {
  return [];
}

export function providerFor(method: string): PaymentProvider | undefined {
  if (method === 'invoice') return consumerInvoice;
  if (method === 'invoice-business') return businessInvoice;
  return undefined;
}
