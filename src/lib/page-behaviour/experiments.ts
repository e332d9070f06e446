/** Experiment choices (docs/product/client-state.md#experiments-and-overrides): providers, stock-date format, the accessories variant. */
import type { Overrides } from './query-params.ts';

export const EXTERNAL_PROVIDER = 'external';
export const INTERNAL_PROVIDER = 'internal';
export const DEFAULT_SHIPPING = 'eel';

export interface Providers {
  shippingProcessor: string;
  searchProvider: string;
  recommendationProvider: string;
  stockDates: 'days_date_format' | 'default_format';
}

/** On experiment failure: eel and internal. */
export const FAILURE_PROVIDERS: Providers = {
  shippingProcessor: DEFAULT_SHIPPING,
  searchProvider: INTERNAL_PROVIDER,
  recommendationProvider: INTERNAL_PROVIDER,
  stockDates: 'default_format',
};

/** With no variant the external retail personalisation provider serves search and recommendations; overrides win. */
export function resolveProviders(variant: Partial<Providers> | undefined, overrides: Overrides, failed = false): Providers {
  const base: Providers = failed
    ? FAILURE_PROVIDERS
    : {
        shippingProcessor: variant?.shippingProcessor ?? DEFAULT_SHIPPING,
        searchProvider: variant?.searchProvider ?? EXTERNAL_PROVIDER,
        recommendationProvider: variant?.recommendationProvider ?? EXTERNAL_PROVIDER,
        stockDates: variant?.stockDates ?? 'default_format',
      };
  return {
    shippingProcessor: overrides.shipping_processor ?? base.shippingProcessor,
    searchProvider: overrides.search_provider ?? base.searchProvider,
    recommendationProvider: overrides.recommendation_provider ?? base.recommendationProvider,
    stockDates: overrides.stock_dates ?? base.stockDates,
  };
}

export const EXPERIMENT_VARIANTS: Record<string, readonly string[]> = { accessories: ['original', 'upselling'] };

/** Picked at random once per experiment name, then reused; unknown names get original. */
export function pickVariant(
  name: string,
  saved: Record<string, string>,
  random: () => number = Math.random,
): { variant: string; saved: Record<string, string> } {
  const variants = EXPERIMENT_VARIANTS[name];
  if (!variants) return { variant: 'original', saved };
  const prior = saved[name];
  if (prior && variants.includes(prior)) return { variant: prior, saved };
  const variant = variants[Math.min(variants.length - 1, Math.floor(random() * variants.length))];
  return { variant, saved: { ...saved, [name]: variant } };
}
