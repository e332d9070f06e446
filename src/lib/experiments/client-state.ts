/**
 * The browser's experiment slice and its rules (docs/product/experiments.md#assignment), pure so they are
 * unit-tested; src/stores/experiment.ts keeps the slice in session storage. A variant, once held, is kept for
 * the tab; query overrides win over it; without one the visitor gets the control (or the failure default).
 */
import type { Overrides } from '#lib/page-behaviour/query-params.ts';
import { pickVariant } from '#lib/page-behaviour/experiments.ts';
import { assignMissing, bucketOf } from './assignment.ts';
import { defaultVariant } from './catalogue.ts';
import type { ExperimentsAnswer } from './running.ts';

export interface ExperimentState {
  /** experiment → variant held by this tab's visitor */
  variants: Record<string, string>;
  overrides: Overrides;
  /** The tab's random visitor id (made on first use; never leaves the browser without statistics consent). */
  visitor?: string;
  /** The experiments running on this storefront as last answered; absent before the first answer. */
  running?: string[];
  /** The last set-up failed (no answer): visitors without a variant get the failure defaults. */
  failed?: boolean;
  /** Exposures waiting to be sent (statistics consent missing, or not sent yet): experiment → variant. */
  pending?: Record<string, string>;
  /** Experiments whose exposure the server has. */
  sent?: string[];
}

export const EMPTY_EXPERIMENT_STATE: ExperimentState = { variants: {}, overrides: {} };

/** The four query overrides of the spec, by experiment name. */
const OVERRIDABLE = ['shipping_processor', 'search_provider', 'recommendation_provider', 'stock_dates'] as const;

export function overrideOf(state: ExperimentState, name: string): string | undefined {
  return (OVERRIDABLE as readonly string[]).includes(name) ? state.overrides[name as (typeof OVERRIDABLE)[number]] : undefined;
}

/** A stored value of any shape → a usable state (older tabs stored only variants and overrides). */
export function reviveExperimentState(v: unknown): ExperimentState {
  if (!v || typeof v !== 'object') return EMPTY_EXPERIMENT_STATE;
  const s = v as Partial<ExperimentState>;
  const record = (r: unknown) =>
    r && typeof r === 'object' ? Object.fromEntries(Object.entries(r).filter(([, x]) => typeof x === 'string')) : {};
  const names = (r: unknown) => (Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string') : undefined);
  return {
    variants: record(s.variants),
    overrides: (record(s.overrides) as Overrides) ?? {},
    ...(typeof s.visitor === 'string' ? { visitor: s.visitor } : {}),
    ...(names(s.running) ? { running: names(s.running) } : {}),
    ...(s.failed === true ? { failed: true } : {}),
    ...(s.pending ? { pending: record(s.pending) } : {}),
    ...(names(s.sent) ? { sent: names(s.sent) } : {}),
  };
}

/** The server's running experiments arrived: assign those the visitor holds no variant for. */
export function withRunning(state: ExperimentState, visitor: string, answer: ExperimentsAnswer): ExperimentState {
  return {
    ...state,
    visitor,
    running: answer.experiments.map((e) => e.name),
    failed: false,
    variants: assignMissing(visitor, answer.experiments, state.variants),
  };
}

/** The set-up failed: held variants stay, the rest get the failure defaults. */
export function withFailure(state: ExperimentState): ExperimentState {
  return { ...state, failed: true };
}

export interface VariantAnswer {
  variant: string;
  state: ExperimentState;
}

/**
 * The variant the visitor sees for `name` now. Held variants are exposures (queued for sending); an override
 * or a default is not. Before the running experiments are known, accessories keeps its spec rule — picked once
 * (by the visitor's bucket, an equal chance) and reused; other names get their control until then.
 */
export function variantOf(state: ExperimentState, name: string, visitor: string): VariantAnswer {
  const override = overrideOf(state, name);
  if (override) return { variant: override, state };
  let s = state;
  let variant = s.variants[name];
  if (!variant && !s.running && !s.failed) {
    const picked = pickVariant(name, s.variants, () => bucketOf(visitor, name));
    if (picked.saved !== s.variants) {
      s = { ...s, visitor, variants: picked.saved };
      variant = picked.variant;
    }
  }
  if (!variant) return { variant: defaultVariant(name, !!s.failed), state: s };
  return { variant, state: queueExposure(s, name, variant) };
}

/** Adds an exposure to the queue unless the server has it (or it is queued) already. */
export function queueExposure(state: ExperimentState, name: string, variant: string): ExperimentState {
  if (state.sent?.includes(name) || state.pending?.[name] === variant) return state;
  return { ...state, pending: { ...state.pending, [name]: variant } };
}

/** The queued exposures worth sending: experiments that run (unknown yet: wait). */
export function sendableExposures(state: ExperimentState): { experiment: string; variant: string }[] {
  if (!state.running) return [];
  return Object.entries(state.pending ?? {})
    .filter(([name]) => state.running!.includes(name))
    .map(([experiment, variant]) => ({ experiment, variant }));
}

/** After the server stored them: sent, no longer queued; queued exposures of experiments that stopped are dropped. */
export function markSent(state: ExperimentState, experiments: readonly string[]): ExperimentState {
  const pending = Object.fromEntries(
    Object.entries(state.pending ?? {}).filter(([name]) => !experiments.includes(name) && (!state.running || state.running.includes(name))),
  );
  return { ...state, pending, sent: [...new Set([...(state.sent ?? []), ...experiments])] };
}

/** Line quantities that grew between two carts (by line uuid): the add-to-carts of this change. */
export function cartAdditions(
  before: readonly { uuid: string; sku: string; quantity: number }[],
  after: readonly { uuid: string; sku: string; quantity: number }[],
): { sku: string; quantity: number }[] {
  const was = new Map(before.map((l) => [l.uuid, l.quantity]));
  return after.flatMap((l) => {
    const grew = l.quantity - (was.get(l.uuid) ?? 0);
    return grew > 0 && l.sku ? [{ sku: l.sku, quantity: grew }] : [];
  });
}
