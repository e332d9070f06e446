/**
 * The shipping processor a checkout uses. The visitor's experiment chooses `eel` or `external`
 * (docs/product/client-state.md#experiments); until an external delivery-checkout provider is configured,
 * `external` is served by eel and the checkout records what was asked and what served it.
 */
import { DEFAULT_SHIPPING } from '#lib/page-behaviour/experiments.ts';
import { eelProvider } from './eel-provider.ts';
import type { ShippingProvider } from './shipping-provider.ts';

export const SHIPPING_PROCESSORS = ['eel', 'external'] as const;

/** The processor recorded on a checkout: what the visitor's experiment asked for, `eel` when it asked nothing valid. */
export function shippingProcessorOf(requested: string | undefined): string {
  return (SHIPPING_PROCESSORS as readonly string[]).includes(requested ?? '') ? requested! : DEFAULT_SHIPPING;
}

export function shippingProviderFor(_processor: string): ShippingProvider {
  return eelProvider;
}
