/** Experiment slice (sessionStorage td02:experiment): chosen variants and query overrides (docs/product/client-state.md#experiments-and-overrides). */
import { sessionAtom } from './persist.ts';
import { pickVariant, resolveProviders, type Providers } from '#lib/page-behaviour/experiments.ts';
import type { Overrides } from '#lib/page-behaviour/query-params.ts';

export interface ExperimentState {
  variants: Record<string, string>;
  overrides: Overrides;
}
export const experiment = sessionAtom<ExperimentState>('experiment', { variants: {}, overrides: {} });

export function setOverrides(o: Overrides): void {
  if (Object.keys(o).length) experiment.set({ ...experiment.get(), overrides: { ...experiment.get().overrides, ...o } });
}

export function variantFor(name: string): string {
  const s = experiment.get();
  const r = pickVariant(name, s.variants);
  if (r.saved !== s.variants) experiment.set({ ...s, variants: r.saved });
  return r.variant;
}

export function providers(): Providers {
  try {
    return resolveProviders(undefined, experiment.get().overrides);
  } catch {
    return resolveProviders(undefined, {}, true);
  }
}
