/**
 * Experiment slice (sessionStorage td02:experiment, docs/product/experiments.md#assignment): the tab's random
 * visitor id, its variants, query overrides and the exposures still to send. `variantFor` and `providers` are
 * what features ask; reading a held variant is an exposure, sent with statistics consent only.
 */
import { sessionAtom } from './persist.ts';
import { resolveProviders, type Providers } from '#lib/page-behaviour/experiments.ts';
import type { Overrides } from '#lib/page-behaviour/query-params.ts';
import { newVisitorId } from '#lib/experiments/assignment.ts';
import {
  EMPTY_EXPERIMENT_STATE,
  markSent,
  reviveExperimentState,
  sendableExposures,
  variantOf,
  withFailure,
  withRunning,
  type ExperimentState,
} from '#lib/experiments/client-state.ts';
import type { ExperimentsAnswer } from '#lib/experiments/running.ts';
import { ConsentFlag, has, readConsent } from '#lib/consent/flags.ts';
import { postExperimentEvents } from '#api-client/experiments.ts';

export type { ExperimentState };
export const experiment = sessionAtom<ExperimentState>('experiment', EMPTY_EXPERIMENT_STATE, reviveExperimentState);

/** The tab's visitor id, made on first use. */
export function visitorId(): string {
  const s = experiment.get();
  if (s.visitor) return s.visitor;
  const visitor = newVisitorId();
  experiment.set({ ...s, visitor });
  return visitor;
}

/** Statistics consent (analytics storage) as saved in the __consent cookie. */
export function statisticsConsent(): boolean {
  try {
    const v = readConsent(document.cookie);
    return v !== undefined && has(v, ConsentFlag.AnalyticsStorage);
  } catch {
    return false;
  }
}

/** The visitor id for the server: only with statistics consent. */
export function consentedVisitorId(): string | undefined {
  return statisticsConsent() ? visitorId() : undefined;
}

export function setOverrides(o: Overrides): void {
  if (Object.keys(o).length) experiment.set({ ...experiment.get(), overrides: { ...experiment.get().overrides, ...o } });
}

export function applyRunning(answer: ExperimentsAnswer): void {
  experiment.set(withRunning(experiment.get(), visitorId(), answer));
  scheduleFlush();
}

export function setUpFailed(): void {
  experiment.set(withFailure(experiment.get()));
}

function read(name: string): string {
  const r = variantOf(experiment.get(), name, visitorId());
  if (r.state !== experiment.get()) {
    experiment.set(r.state);
    scheduleFlush();
  }
  return r.variant;
}

/** The visitor's variant of an experiment (an override, the held one, or the default); never throws. */
export function variantFor(name: string): string {
  try {
    return read(name);
  } catch {
    return 'original';
  }
}

export function providers(): Providers {
  try {
    const s = experiment.get();
    const held = (name: string) => (s.variants[name] || s.failed ? read(name) : undefined);
    return resolveProviders(
      {
        shippingProcessor: held('shipping_processor'),
        searchProvider: held('search_provider'),
        recommendationProvider: held('recommendation_provider'),
        stockDates: held('stock_dates') as Providers['stockDates'] | undefined,
      },
      s.overrides,
    );
  } catch {
    return resolveProviders(undefined, {}, true);
  }
}

// ---------------------------------------------------------------------------------------------------
// Sending: queued exposures and add-to-carts go out in small batches, only with statistics consent.

const adds: { sku: string; quantity: number }[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let sending = false;
const FLUSH_DELAY_MS = 300;

function scheduleFlush(): void {
  if (typeof window === 'undefined' || timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    void flushExperimentEvents();
  }, FLUSH_DELAY_MS);
}

/** An add-to-cart of this tab (dropped without statistics consent: nothing about it is kept). */
export function recordAddToCart(sku: string, quantity: number): void {
  if (!statisticsConsent()) return;
  adds.push({ sku: sku.slice(0, 64), quantity: Math.min(5000, Math.max(1, Math.trunc(quantity))) });
  scheduleFlush();
}

export async function flushExperimentEvents(): Promise<void> {
  if (sending || !statisticsConsent()) return;
  const exposures = sendableExposures(experiment.get());
  const batch = adds.splice(0, 20 - exposures.length);
  if (!exposures.length && !batch.length) return;
  sending = true;
  try {
    const ok = await postExperimentEvents({
      visitor_id: visitorId(),
      events: [
        ...exposures.map((e) => ({ type: 'exposure' as const, ...e })),
        ...batch.map((a) => ({ type: 'add_to_cart' as const, ...a })),
      ],
    });
    // failures are silent (docs/product/errors.md#silent-failures): exposures stay queued for a later page
    if (ok)
      experiment.set(
        markSent(
          experiment.get(),
          exposures.map((e) => e.experiment),
        ),
      );
  } finally {
    sending = false;
  }
  if (adds.length) scheduleFlush();
}
