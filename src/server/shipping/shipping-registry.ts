/**
 * The shipping processor a checkout uses. The visitor's experiment chooses `eel` or `external`
 * (docs/product/client-state.md#experiments-and-overrides); `external` is Ingrid's Delivery Checkout when
 * shipping-config.ts finds it configured (outside production: the local sandbox), else eel. The checkout
 * and the order record both what was asked (`processor`) and what served it (`served_by`: the provider id).
 */
import { DEFAULT_SHIPPING } from '#lib/page-behaviour/experiments.ts';
import { eelProvider } from './eel-provider.ts';
import { IngridProvider } from './ingrid/ingrid-provider.ts';
import { ingridConfig } from './shipping-config.ts';
import type { ShippingProvider } from './shipping-provider.ts';
import type { Env } from '#server/providers/provider-config.ts';

export const SHIPPING_PROCESSORS = ['eel', 'external'] as const;

/** The processor recorded on a checkout: what the visitor's experiment asked for, `eel` when it asked nothing valid. */
export function shippingProcessorOf(requested: string | undefined): string {
  return (SHIPPING_PROCESSORS as readonly string[]).includes(requested ?? '') ? requested! : DEFAULT_SHIPPING;
}

/** Processor → provider for one configuration (the environment given). */
export function shippingRegistry(env: Env = process.env): (processor: string) => ShippingProvider {
  const config = ingridConfig(env);
  const external = config ? new IngridProvider(config) : eelProvider;
  return (processor) => (processor === 'external' ? external : eelProvider);
}

/** Built once per process from the environment at first use (like the payment providers). */
let registry: ((processor: string) => ShippingProvider) | undefined;

export function shippingProviderFor(processor: string): ShippingProvider {
  registry ??= shippingRegistry();
  return registry(processor);
}
