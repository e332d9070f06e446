/**
 * Reconciliation inside the server process (docs/product/checkout.md#reconciliation): a run every
 * PARTSFRONT_RECONCILE_INTERVAL_S seconds (default 60, `0` = off), one at a time, on an unref'd timer so it
 * never keeps the process alive. Several server processes on one PostgreSQL each start it; the advisory lock
 * in reconcilePayments lets one of them run at a time.
 */
import type { DbHandle } from '#server/db/connection.ts';
import { RECONCILE_GRACE_MS } from '#lib/checkout/payment-reconciliation.ts';
import { formatSummary, reconcilePayments } from './reconcile-payments.ts';
import { loggerFor } from '#server/telemetry/logger.ts';
import { metrics } from '#server/telemetry/metrics.ts';

const log = loggerFor('reconcile');

type Env = Record<string, string | undefined>;

const seconds = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n >= 0 ? n * 1000 : fallback;
};

export function reconcileSettings(env: Env = process.env): { intervalMs: number; graceMs: number } {
  return {
    intervalMs: seconds(env.PARTSFRONT_RECONCILE_INTERVAL_S, 60_000),
    graceMs: seconds(env.PARTSFRONT_RECONCILE_GRACE_S, RECONCILE_GRACE_MS),
  };
}

/** Starts the periodic runs; answers a stop function (a no-op when the interval is 0). */
export function startReconciliation(h: DbHandle, settings = reconcileSettings()): () => void {
  if (settings.intervalMs <= 0) return () => {};
  let running = false;
  const tick = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      const s = await reconcilePayments(h, { graceMs: settings.graceMs });
      metrics.reconcileRuns.inc({ result: s ? 'ran' : 'skipped' });
      if (s)
        for (const outcome of ['completed', 'closed', 'pending', 'errors'] as const) metrics.reconcilePayments.inc({ outcome }, s[outcome]);
      // Quiet when there was nothing to settle: a line a minute would drown the log.
      if (s && (s.completed || s.closed || s.errors)) log.info({ ...s }, formatSummary(s));
    } catch (err) {
      metrics.reconcileRuns.inc({ result: 'failed' });
      log.error({ err: err instanceof Error ? err.message : String(err) }, 'run failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), settings.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
