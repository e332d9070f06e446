import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '#server/db/connection.ts';
import { reconcileSettings, startReconciliation } from '#server/checkout/reconcile-schedule.ts';

const runs = vi.hoisted(() => ({ started: 0, finish: [] as (() => void)[] }));
vi.mock('#server/checkout/reconcile-payments.ts', () => ({
  formatSummary: () => '',
  reconcilePayments: () =>
    new Promise((resolve) => {
      runs.started++;
      runs.finish.push(() => resolve({ checked: 0, completed: 0, closed: 0, pending: 0, errors: 0 }));
    }),
}));

describe('reconciliation settings from the environment', () => {
  it('every 60 s with a 2 min grace period by default', () => {
    expect(reconcileSettings({})).toEqual({ intervalMs: 60_000, graceMs: 120_000 });
  });

  it('reads seconds; 0 turns the periodic run off; nonsense keeps the default', () => {
    expect(reconcileSettings({ PARTSFRONT_RECONCILE_INTERVAL_S: '30', PARTSFRONT_RECONCILE_GRACE_S: '300' })).toEqual({
      intervalMs: 30_000,
      graceMs: 300_000,
    });
    expect(reconcileSettings({ PARTSFRONT_RECONCILE_INTERVAL_S: '0' }).intervalMs).toBe(0);
    expect(reconcileSettings({ PARTSFRONT_RECONCILE_INTERVAL_S: 'soon', PARTSFRONT_RECONCILE_GRACE_S: '-1' })).toEqual({
      intervalMs: 60_000,
      graceMs: 120_000,
    });
    expect(reconcileSettings({ PARTSFRONT_RECONCILE_INTERVAL_S: ' ' }).intervalMs).toBe(60_000);
  });
});

describe('the periodic run in the server process', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every interval, one run at a time, and never keeps the process alive', async () => {
    vi.useFakeTimers();
    const unref = vi.spyOn(globalThis, 'setInterval');
    const stop = startReconciliation({} as DbHandle, { intervalMs: 60_000, graceMs: 120_000 });
    expect((unref.mock.results[0]!.value as NodeJS.Timeout).hasRef()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs.started).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000); // the first run is still going: no second one
    expect(runs.started).toBe(1);
    runs.finish.shift()!();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs.started).toBe(2);
    runs.finish.shift()!();
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(runs.started).toBe(2);
  });

  it('an interval of 0 starts nothing', async () => {
    vi.useFakeTimers();
    const before = runs.started;
    startReconciliation({} as DbHandle, { intervalMs: 0, graceMs: 0 });
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(runs.started).toBe(before);
  });
});
